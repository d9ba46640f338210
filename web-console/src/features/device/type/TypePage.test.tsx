import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { renderApp } from '../../../test/renderWithProviders';
import { selectOption } from '../../../test/selectOption';
import { signInWithProject } from '../../../test/session';
import { deviceBackend, ok, refused } from '../fixtures';

/**
 * The page's module (and the antd parts it brings) is loaded once before the tests, outside
 * their 15-second waits: on a busy machine the first lazy import of a file can take longer.
 */
beforeAll(async () => {
  await import('./TypePage');
}, 120_000);

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

/** Clears a number field and types into it. */
async function retype(user: ReturnType<typeof renderApp>['user'], dialog: HTMLElement, label: string, text: string) {
  await user.clear(within(dialog).getByLabelText(label));
  if (text !== '') await user.type(within(dialog).getByLabelText(label), text);
}

describe('the equipment types page', () => {
  it("lists the project's types with their category, priority, status check and minimum burn", async () => {
    signInWithProject();
    const { callsTo } = deviceBackend();
    renderApp({ route: '/device/type' });
    const flood = await rowOf('投光灯');
    for (const text of ['FLOOD', '灯具', '1', '300', '15', '-']) expect(within(flood).getByText(text)).toBeInTheDocument();
    const strip = await rowOf('洗墙灯带');
    for (const text of ['WALL_STRIP', '8', '600', '0', '立面']) expect(within(strip).getByText(text)).toBeInTheDocument();
    for (const title of ['类型名称', '类型编码', '设备分类', '类型值（越小优先级越高）', '状态检测时间（秒）', '最小燃点时间（分钟）', '备注']) {
      expect(screen.getByRole('columnheader', { name: title })).toBeInTheDocument();
    }
    expect(callsTo('GET /device/type/list')[0]?.query.get('pageSize')).toBe('20');
    expect(callsTo('GET /device/type/list')[0]?.headers.get('ProjectId')).toBe('1');
    // the category choices: the first 500 of the project
    await waitFor(() => expect(callsTo('GET /device/category/list')).toHaveLength(1));
    expect(callsTo('GET /device/category/list')[0]?.query.get('pageNum')).toBe('1');
    expect(callsTo('GET /device/category/list')[0]?.query.get('pageSize')).toBe('500');
  });

  it('searches by name and by category, chosen among the categories', async () => {
    signInWithProject();
    const { callsTo } = deviceBackend();
    const { user } = renderApp({ route: '/device/type' });
    await rowOf('投光灯');
    const form = screen.getByRole('button', { name: '搜索' }).closest('form') as HTMLElement;
    await user.type(within(form).getByLabelText('类型名称'), '灯');
    await selectOption(user, form, '设备分类', '传感器 (SENSOR)');
    await user.click(within(form).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(callsTo('GET /device/type/list').length).toBeGreaterThan(1));
    const search = callsTo('GET /device/type/list').at(-1);
    expect(search?.query.get('typeName')).toBe('灯');
    expect(search?.query.get('categoryId')).toBe('6');
  });

  it('checks the form as the server does: code characters, type value 256, the status check and minimum burn ranges', async () => {
    signInWithProject();
    const { callsTo } = deviceBackend({ 'POST /device/type': ok({ data: 23 }) });
    const { user } = renderApp({ route: '/device/type' });
    await rowOf('投光灯');
    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增设备类型' });
    await user.type(within(dialog).getByLabelText('类型编码'), 'PL#1');
    await user.type(within(dialog).getByLabelText('类型值（越小优先级越高）'), '256');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请选择设备分类')).toBeInTheDocument();
    expect(await within(dialog).findByText('类型名称为 1 到 30 个字符')).toBeInTheDocument();
    expect(await within(dialog).findByText('类型编码为 1 到 32 位字母、数字、下划线或连字符')).toBeInTheDocument();
    expect(await within(dialog).findByText('类型值为 0 到 255 的整数')).toBeInTheDocument();

    await retype(user, dialog, '状态检测时间（秒）', '5');
    expect(await within(dialog).findByText('状态检测时间为 10 到 86400 秒的整数')).toBeInTheDocument();
    await retype(user, dialog, '最小燃点时间（分钟）', '241');
    expect(await within(dialog).findByText('最小燃点时间为 0 到 240 分钟的整数')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(callsTo('POST /device/type')).toHaveLength(0);
  });

  it('adds a type: the status check 300 seconds and no minimum burn at first, name and remark trimmed', async () => {
    signInWithProject();
    const { callsTo } = deviceBackend({ 'POST /device/type': ok({ data: 23 }) });
    const { user } = renderApp({ route: '/device/type' });
    await rowOf('投光灯');
    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增设备类型' });
    expect(within(dialog).getByLabelText('状态检测时间（秒）')).toHaveValue('300');
    expect(within(dialog).getByLabelText('最小燃点时间（分钟）')).toHaveValue('0');
    await selectOption(user, dialog, '设备分类', '灯具 (LAMP)');
    await user.type(within(dialog).getByLabelText('类型名称'), ' 埋地灯 ');
    await user.type(within(dialog).getByLabelText('类型编码'), 'IN_GROUND-1');
    await user.type(within(dialog).getByLabelText('类型值（越小优先级越高）'), '255');
    await user.type(within(dialog).getByLabelText('备注'), ' 广场 ');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(callsTo('POST /device/type')[0]?.body).toEqual({
      categoryId: 5,
      typeName: '埋地灯',
      typeCode: 'IN_GROUND-1',
      typeValue: 255,
      statusCheckSeconds: 300,
      minimumBurnMinutes: 0,
      remark: '广场',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '新增设备类型' })).not.toBeInTheDocument());
  });

  it('edits a type (into another category) and deletes one after confirmation', async () => {
    signInWithProject();
    const { callsTo } = deviceBackend({ 'PUT /device/type': ok(), 'DELETE /device/type/22': ok() });
    const { user } = renderApp({ route: '/device/type' });
    await rowOf('投光灯');
    await user.click(screen.getByRole('button', { name: '修改 投光灯' }));
    const dialog = await screen.findByRole('dialog', { name: '修改设备类型' });
    expect(within(dialog).getByLabelText('类型名称')).toHaveValue('投光灯');
    expect(within(dialog).getByLabelText('类型值（越小优先级越高）')).toHaveValue('1');
    expect(within(dialog).getByLabelText('最小燃点时间（分钟）')).toHaveValue('15');
    await selectOption(user, dialog, '设备分类', '传感器 (SENSOR)');
    await retype(user, dialog, '类型值（越小优先级越高）', '0');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    expect(callsTo('PUT /device/type')[0]?.body).toEqual({
      typeId: 21,
      categoryId: 6,
      typeName: '投光灯',
      typeCode: 'FLOOD',
      typeValue: 0,
      statusCheckSeconds: 300,
      minimumBurnMinutes: 15,
      remark: '',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '修改设备类型' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: '删除 洗墙灯带' }));
    const confirm = await screen.findByRole('dialog', { name: '系统提示' });
    expect(confirm).toHaveTextContent('确定删除设备类型“洗墙灯带”吗？');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    expect(callsTo('DELETE /device/type/22')).toHaveLength(1);
  });

  it("shows the server's refusal of an add and keeps the dialog open", async () => {
    signInWithProject();
    deviceBackend({ 'POST /device/type': refused(500, "编码为 'FLOOD' 的设备类型已存在") });
    const { user } = renderApp({ route: '/device/type' });
    await rowOf('投光灯');
    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增设备类型' });
    await selectOption(user, dialog, '设备分类', '灯具 (LAMP)');
    await user.type(within(dialog).getByLabelText('类型名称'), '投光灯二');
    await user.type(within(dialog).getByLabelText('类型编码'), 'FLOOD');
    await user.type(within(dialog).getByLabelText('类型值（越小优先级越高）'), '2');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText("编码为 'FLOOD' 的设备类型已存在")).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: '新增设备类型' })).toBeInTheDocument();
  });

  it('hides the buttons the user may not use', async () => {
    signInWithProject();
    deviceBackend({
      'GET /getInfo': ok({
        user: { userId: 2, userName: 'viewer', nickName: '访客', avatar: '' },
        roles: ['ROLE_DEFAULT'],
        permissions: ['pc:device:type:list', 'pc:device:type:remove'],
        defultMenu: '',
      }),
    });
    renderApp({ route: '/device/type' });
    await rowOf('投光灯');
    expect(screen.getByRole('button', { name: '删除 投光灯' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '新增' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '修改 投光灯' })).not.toBeInTheDocument();
  });

  it('speaks English', async () => {
    signInWithProject();
    await changeLanguage('en');
    deviceBackend();
    const { user } = renderApp({ route: '/device/type' });
    await rowOf('投光灯');
    for (const title of ['Type name', 'Type code', 'Equipment category', 'Type value (lower is higher priority)', 'Status check (s)', 'Minimum burn (min)', 'Remark']) {
      expect(screen.getByRole('columnheader', { name: title })).toBeInTheDocument();
    }
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add equipment type' });
    await user.type(within(dialog).getByLabelText('Type value (lower is higher priority)'), '256');
    await retype(user, dialog, 'Status check (s)', '9');
    await retype(user, dialog, 'Minimum burn (min)', '');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('Choose the equipment category')).toBeInTheDocument();
    expect(await within(dialog).findByText('The type name is 1 to 30 characters')).toBeInTheDocument();
    expect(await within(dialog).findByText('The type code is 1 to 32 letters, digits, underscores or hyphens')).toBeInTheDocument();
    expect(await within(dialog).findByText('The type value is a whole number from 0 to 255')).toBeInTheDocument();
    expect(await within(dialog).findByText('The status check is a whole number of seconds from 10 to 86400')).toBeInTheDocument();
    expect(await within(dialog).findByText('The minimum burn is a whole number of minutes from 0 to 240')).toBeInTheDocument();
  });
});
