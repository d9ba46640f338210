import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { renderApp } from '../../../test/renderWithProviders';
import { signInWithProject } from '../../../test/session';
import { deviceBackend, ok, refused } from '../fixtures';

/**
 * The page's module (and the antd parts it brings) is loaded once before the tests, outside
 * their 15-second waits: on a busy machine the first lazy import of a file can take longer.
 */
beforeAll(async () => {
  await import('./CategoryPage');
}, 120_000);

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

describe('the equipment categories page', () => {
  it("lists the project's categories with their type counts", async () => {
    signInWithProject();
    const { callsTo } = deviceBackend();
    renderApp({ route: '/device/category' });
    const lamp = await rowOf('灯具');
    for (const text of ['LAMP', '2', '景观灯具', '2026-04-20 10:00:00']) expect(within(lamp).getByText(text)).toBeInTheDocument();
    const sensor = await rowOf('传感器');
    for (const text of ['SENSOR', '0', '-']) expect(within(sensor).getByText(text)).toBeInTheDocument();
    for (const title of ['分类名称', '分类编码', '类型数量', '备注', '创建时间']) expect(screen.getByRole('columnheader', { name: title })).toBeInTheDocument();
    const first = callsTo('GET /device/category/list')[0];
    expect(first?.query.get('pageNum')).toBe('1');
    expect(first?.query.get('pageSize')).toBe('20');
    expect(first?.headers.get('ProjectId')).toBe('1');
  });

  it('searches by name and code', async () => {
    signInWithProject();
    const { callsTo } = deviceBackend();
    const { user } = renderApp({ route: '/device/category' });
    await rowOf('灯具');
    const form = screen.getByRole('button', { name: '搜索' }).closest('form') as HTMLElement;
    await user.type(within(form).getByLabelText('分类名称'), ' 灯 ');
    await user.type(within(form).getByLabelText('分类编码'), 'LA');
    await user.click(within(form).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(callsTo('GET /device/category/list').length).toBeGreaterThan(1));
    const search = callsTo('GET /device/category/list').at(-1);
    expect(search?.query.get('categoryName')).toBe('灯');
    expect(search?.query.get('categoryCode')).toBe('LA');
  });

  it('checks the form as the server does: a name, a code of letters, digits, underscores and hyphens only', async () => {
    signInWithProject();
    const { callsTo } = deviceBackend({ 'POST /device/category': ok({ data: 7 }) });
    const { user } = renderApp({ route: '/device/category' });
    await rowOf('灯具');
    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增设备分类' });
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('分类名称为 1 到 30 个字符')).toBeInTheDocument();
    expect(await within(dialog).findByText('分类编码为 1 到 32 位字母、数字、下划线或连字符')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('分类名称'), '控制器');
    await user.type(within(dialog).getByLabelText('分类编码'), 'CTRL 01');
    await waitFor(() => expect(within(dialog).queryByText('分类名称为 1 到 30 个字符')).not.toBeInTheDocument());
    expect(await within(dialog).findByText('分类编码为 1 到 32 位字母、数字、下划线或连字符')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('分类编码'));
    await user.type(within(dialog).getByLabelText('分类编码'), '控制器');
    expect(await within(dialog).findByText('分类编码为 1 到 32 位字母、数字、下划线或连字符')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(callsTo('POST /device/category')).toHaveLength(0);
  });

  it('adds a category, name and remark trimmed, and reads the list again', async () => {
    signInWithProject();
    const { callsTo } = deviceBackend({ 'POST /device/category': ok({ data: 7 }) });
    const { user } = renderApp({ route: '/device/category' });
    await rowOf('灯具');
    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增设备分类' });
    await user.type(within(dialog).getByLabelText('分类名称'), ' 控制器 ');
    await user.type(within(dialog).getByLabelText('分类编码'), 'CTRL_01-a');
    await user.type(within(dialog).getByLabelText('备注'), ' 网关 ');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(callsTo('POST /device/category')[0]?.body).toEqual({ categoryName: '控制器', categoryCode: 'CTRL_01-a', remark: '网关' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '新增设备分类' })).not.toBeInTheDocument());
    await waitFor(() => expect(callsTo('GET /device/category/list')).toHaveLength(2));
  });

  it('edits a category and puts it with its id', async () => {
    signInWithProject();
    const { callsTo } = deviceBackend({ 'PUT /device/category': ok() });
    const { user } = renderApp({ route: '/device/category' });
    await rowOf('灯具');
    await user.click(screen.getByRole('button', { name: '修改 灯具' }));
    const dialog = await screen.findByRole('dialog', { name: '修改设备分类' });
    expect(within(dialog).getByLabelText('分类名称')).toHaveValue('灯具');
    expect(within(dialog).getByLabelText('分类编码')).toHaveValue('LAMP');
    expect(within(dialog).getByLabelText('备注')).toHaveValue('景观灯具');
    await user.clear(within(dialog).getByLabelText('分类名称'));
    await user.type(within(dialog).getByLabelText('分类名称'), '景观灯具');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    expect(callsTo('PUT /device/category')[0]?.body).toEqual({ categoryId: 5, categoryName: '景观灯具', categoryCode: 'LAMP', remark: '景观灯具' });
  });

  it("deletes after confirmation, and shows the server's refusal of a category with types", async () => {
    signInWithProject();
    const { callsTo } = deviceBackend({
      'DELETE /device/category/6': ok(),
      'DELETE /device/category/5': refused(500, '该分类下存在设备类型，不能删除'),
    });
    const { user } = renderApp({ route: '/device/category' });
    await rowOf('灯具');

    await user.click(screen.getByRole('button', { name: '删除 灯具' }));
    const confirm = await screen.findByRole('dialog', { name: '系统提示' });
    expect(confirm).toHaveTextContent('确定删除设备分类“灯具”吗？');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('该分类下存在设备类型，不能删除')).toBeInTheDocument();
    expect(callsTo('DELETE /device/category/5')).toHaveLength(1);
    expect(screen.queryByText('删除成功')).not.toBeInTheDocument();
    expect(screen.getByText('灯具')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '删除 传感器' }));
    const second = await screen.findByRole('dialog', { name: '系统提示' });
    expect(second).toHaveTextContent('确定删除设备分类“传感器”吗？');
    await user.click(within(second).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    expect(callsTo('DELETE /device/category/6')).toHaveLength(1);
  });

  it('hides the buttons the user may not use', async () => {
    signInWithProject();
    deviceBackend({
      'GET /getInfo': ok({
        user: { userId: 2, userName: 'viewer', nickName: '访客', avatar: '' },
        roles: ['ROLE_DEFAULT'],
        permissions: ['pc:device:category:list', 'pc:device:category:edit'],
        defultMenu: '',
      }),
    });
    renderApp({ route: '/device/category' });
    await rowOf('灯具');
    expect(screen.getByRole('button', { name: '修改 灯具' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '新增' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '删除 灯具' })).not.toBeInTheDocument();
  });

  it('speaks English', async () => {
    signInWithProject();
    await changeLanguage('en');
    deviceBackend();
    const { user } = renderApp({ route: '/device/category' });
    await rowOf('灯具');
    for (const title of ['Category name', 'Category code', 'Types', 'Remark', 'Created']) expect(screen.getByRole('columnheader', { name: title })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add equipment category' });
    await user.type(within(dialog).getByLabelText('Category code'), 'a b');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('The category name is 1 to 30 characters')).toBeInTheDocument();
    expect(await within(dialog).findByText('The category code is 1 to 32 letters, digits, underscores or hyphens')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Delete 灯具' }));
    expect(await screen.findByText('Delete the equipment category "灯具"?')).toBeInTheDocument();
  });
});
