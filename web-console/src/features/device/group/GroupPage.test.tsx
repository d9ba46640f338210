import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { renderApp } from '../../../test/renderWithProviders';
import { selectOption } from '../../../test/selectOption';
import { signInWithProject } from '../../../test/session';
import { deviceBackend, northGroupDetail, ok, refused } from '../fixtures';

/**
 * The page's module (and the antd parts it brings) is loaded once before the tests, outside
 * their 15-second waits: on a busy machine the first lazy import of a file can take longer.
 */
beforeAll(async () => {
  await import('./GroupPage');
}, 120_000);

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

/** The group control's answer: one gateway took it, one is offline. */
const controlled = ok({
  data: {
    total: 2,
    succeeded: 1,
    failed: 1,
    results: [
      { gatewayId: 7, gatewayName: '北区网关', gatewayNumber: 'GW-0007', result: 'ok', message: '' },
      { gatewayId: 8, gatewayName: '南区网关', gatewayNumber: 'GW-0008', result: 'offline', message: '' },
    ],
  },
});

/** The rows of a table inside `scope`, as the texts of their cells. */
const linesOf = (scope: HTMLElement) =>
  within(scope)
    .getAllByRole('row')
    .map((line) => within(line).queryAllByRole('cell').map((cell) => cell.textContent))
    .filter((cells) => cells.length > 0);

describe('the device groups page', () => {
  it("lists the project's groups with their device counts", async () => {
    signInWithProject();
    const { callsTo } = deviceBackend();
    renderApp({ route: '/device/group' });
    const north = await rowOf('北岸亮化');
    for (const text of ['1', '北岸全部灯具', 'admin', '2026-04-24 10:00:00']) expect(within(north).getByText(text)).toBeInTheDocument();
    for (const title of ['分组名称', '设备数量', '备注', '创建人', '创建时间']) expect(screen.getByRole('columnheader', { name: title })).toBeInTheDocument();
    expect(within(north).getByRole('button', { name: '控制 北岸亮化' })).toBeInTheDocument();
    expect(callsTo('GET /device/group/list')[0]?.query.get('pageSize')).toBe('20');
    expect(callsTo('GET /device/group/list')[0]?.headers.get('ProjectId')).toBe('1');
  });

  it('adds a group with devices picked by name or code; the name is required', async () => {
    signInWithProject();
    const { callsTo } = deviceBackend({ 'POST /device/group': ok({ data: 32 }) });
    const { user } = renderApp({ route: '/device/group' });
    await rowOf('北岸亮化');
    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增设备分组' });
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('分组名称为 1 到 30 个字符')).toBeInTheDocument();
    expect(callsTo('POST /device/group')).toHaveLength(0);
    // the project's first 500 devices are offered
    await waitFor(() => expect(callsTo('GET /device/device/list')).toHaveLength(1));
    expect(callsTo('GET /device/device/list')[0]?.query.get('pageSize')).toBe('500');

    await user.type(within(dialog).getByLabelText('分组名称'), ' 两岸亮化 ');
    await selectOption(user, dialog, '分组设备', '北岸投光灯1 (FL-001)');
    await selectOption(user, dialog, '分组设备', '南岸洗墙灯带 (WS-002)');
    await user.type(within(dialog).getByLabelText('备注'), ' 夜景 ');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(callsTo('POST /device/group')[0]?.body).toEqual({ groupName: '两岸亮化', remark: '夜景', deviceIds: [101, 102] });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '新增设备分组' })).not.toBeInTheDocument());
    await waitFor(() => expect(callsTo('GET /device/group/list').length).toBeGreaterThan(1));
  });

  it('edits a group from its detail (its devices chosen, no save before they are in) and deletes one after confirmation', async () => {
    signInWithProject();
    let answerDetail = () => undefined as void;
    const detailAnswered = new Promise<void>((resolve) => {
      answerDetail = resolve;
    });
    const { callsTo } = deviceBackend({
      'GET /device/group/31': async () => {
        await detailAnswered;
        return ok({ data: northGroupDetail });
      },
      'PUT /device/group': ok(),
      'DELETE /device/group/31': ok(),
    });
    const { user } = renderApp({ route: '/device/group' });
    await rowOf('北岸亮化');
    await user.click(screen.getByRole('button', { name: '修改 北岸亮化' }));
    const dialog = await screen.findByRole('dialog', { name: '修改设备分组' });
    expect(within(dialog).getByLabelText('分组名称')).toHaveValue('北岸亮化');
    // the group's devices are not in yet: a save would empty it
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('正在读取分组的设备，请稍候')).toBeInTheDocument();
    expect(callsTo('PUT /device/group')).toHaveLength(0);
    answerDetail();
    expect(await within(dialog).findByTitle('北岸投光灯1 (FL-001)')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).queryByText('正在读取分组的设备，请稍候')).not.toBeInTheDocument());
    expect(callsTo('GET /device/group/31')).toHaveLength(1);
    await selectOption(user, dialog, '分组设备', '南岸洗墙灯带 (WS-002)');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    expect(callsTo('PUT /device/group')[0]?.body).toEqual({ groupId: 31, groupName: '北岸亮化', remark: '北岸全部灯具', deviceIds: [101, 102] });

    await user.click(screen.getByRole('button', { name: '删除 北岸亮化' }));
    const confirm = await screen.findByRole('dialog', { name: '系统提示' });
    expect(confirm).toHaveTextContent('确定删除设备分组“北岸亮化”吗？');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    expect(callsTo('DELETE /device/group/31')).toHaveLength(1);
  });

  it('controls a group: on or off must be chosen, the hold sent as holdMinutes, the result per gateway shown', async () => {
    signInWithProject();
    const { callsTo } = deviceBackend({ 'POST /device/group/control': controlled });
    const { user } = renderApp({ route: '/device/group' });
    await rowOf('北岸亮化');
    await user.click(screen.getByRole('button', { name: '控制 北岸亮化' }));
    const dialog = await screen.findByRole('dialog', { name: '分组控制：北岸亮化' });
    // until the schedule's next step at first
    expect(within(dialog).getByTitle('保持到计划下一次变化')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '执行' }));
    expect(await within(dialog).findByText('请选择开启或关闭')).toBeInTheDocument();
    expect(callsTo('POST /device/group/control')).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: '关闭' }));
    await selectOption(user, dialog, '保持时长', '15 分钟');
    await user.click(within(dialog).getByRole('button', { name: '执行' }));
    expect(await within(dialog).findByText('共 2 个网关，成功 1 个，失败 1 个')).toBeInTheDocument();
    expect(callsTo('POST /device/group/control')[0]?.body).toEqual({ groupId: 31, switchState: '0', holdMinutes: 15 });
    expect(linesOf(dialog)).toEqual([
      ['北区网关', 'GW-0007', '成功', '-'],
      ['南区网关', 'GW-0008', '离线', '设备离线，无法操作。'],
    ]);

    // again, on, until the next step: no hold sent
    await user.click(within(dialog).getByRole('radio', { name: '开启' }));
    await selectOption(user, dialog, '保持时长', '保持到计划下一次变化');
    await user.click(within(dialog).getByRole('button', { name: '执行' }));
    await waitFor(() => expect(callsTo('POST /device/group/control')).toHaveLength(2));
    expect(callsTo('POST /device/group/control')[1]?.body).toEqual({ groupId: 31, switchState: '1' });
    await user.click(await within(dialog).findByRole('button', { name: '完成' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '分组控制：北岸亮化' })).not.toBeInTheDocument());
  });

  it('asks for a brightness only when switching on: sent below full, none at full or when switching off', async () => {
    signInWithProject();
    const { callsTo } = deviceBackend({ 'POST /device/group/control': controlled });
    const { user } = renderApp({ route: '/device/group' });
    await rowOf('北岸亮化');
    await user.click(screen.getByRole('button', { name: '控制 北岸亮化' }));
    const dialog = await screen.findByRole('dialog', { name: '分组控制：北岸亮化' });
    expect(within(dialog).queryByLabelText('亮度')).not.toBeInTheDocument();

    // on: full at first; a brightness that is not 1 to 100 is not sent
    await user.click(within(dialog).getByRole('radio', { name: '开启' }));
    const brightness = within(dialog).getByLabelText('亮度');
    expect(brightness).toHaveValue('100');
    await user.clear(brightness);
    await user.click(within(dialog).getByRole('button', { name: '执行' }));
    expect(await within(dialog).findByText('亮度须为 1 到 100 的整数')).toBeInTheDocument();
    expect(callsTo('POST /device/group/control')).toHaveLength(0);

    await user.type(brightness, '30');
    await user.click(within(dialog).getByRole('button', { name: '执行' }));
    expect(await within(dialog).findByText('共 2 个网关，成功 1 个，失败 1 个')).toBeInTheDocument();
    expect(callsTo('POST /device/group/control')[0]?.body).toEqual({ groupId: 31, switchState: '1', brightness: 30 });

    // off: the field goes, and no brightness is sent
    await user.click(within(dialog).getByRole('radio', { name: '关闭' }));
    await waitFor(() => expect(within(dialog).queryByLabelText('亮度')).not.toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: '执行' }));
    await waitFor(() => expect(callsTo('POST /device/group/control')).toHaveLength(2));
    expect(callsTo('POST /device/group/control')[1]?.body).toEqual({ groupId: 31, switchState: '0' });
  });

  it("shows the server's refusal of a group without a device in service and keeps the dialog open", async () => {
    signInWithProject();
    const { callsTo } = deviceBackend({ 'POST /device/group/control': refused(500, '该分组没有在用设备') });
    const { user } = renderApp({ route: '/device/group' });
    await rowOf('北岸亮化');
    await user.click(screen.getByRole('button', { name: '控制 北岸亮化' }));
    const dialog = await screen.findByRole('dialog', { name: '分组控制：北岸亮化' });
    await user.click(within(dialog).getByRole('radio', { name: '开启' }));
    await user.click(within(dialog).getByRole('button', { name: '执行' }));
    expect(await screen.findByText('该分组没有在用设备')).toBeInTheDocument();
    expect(callsTo('POST /device/group/control')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: '分组控制：北岸亮化' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
  });

  it('hides the buttons the user may not use', async () => {
    signInWithProject();
    deviceBackend({
      'GET /getInfo': ok({
        user: { userId: 2, userName: 'viewer', nickName: '访客', avatar: '' },
        roles: ['ROLE_DEFAULT'],
        permissions: ['pc:device:group:list', 'pc:device:group:edit'],
        defultMenu: '',
      }),
    });
    renderApp({ route: '/device/group' });
    await rowOf('北岸亮化');
    expect(screen.getByRole('button', { name: '修改 北岸亮化' })).toBeInTheDocument();
    for (const name of ['新增', '控制 北岸亮化', '删除 北岸亮化']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('speaks English', async () => {
    signInWithProject();
    await changeLanguage('en');
    const { callsTo } = deviceBackend({ 'POST /device/group/control': controlled });
    const { user } = renderApp({ route: '/device/group' });
    await rowOf('北岸亮化');
    for (const title of ['Group name', 'Devices', 'Remark', 'Created by', 'Created']) expect(screen.getByRole('columnheader', { name: title })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Control 北岸亮化' }));
    const dialog = await screen.findByRole('dialog', { name: 'Control group: 北岸亮化' });
    await user.click(within(dialog).getByRole('button', { name: 'Run' }));
    expect(await within(dialog).findByText('Choose switch on or switch off')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Switch off' }));
    await selectOption(user, dialog, 'Hold', '2 h');
    await user.click(within(dialog).getByRole('button', { name: 'Run' }));
    expect(await within(dialog).findByText('2 gateways: 1 succeeded, 1 failed')).toBeInTheDocument();
    expect(callsTo('POST /device/group/control')[0]?.body).toEqual({ groupId: 31, switchState: '0', holdMinutes: 120 });
    expect(within(dialog).getByText('Device offline, cannot operate.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Switch on' }));
    expect(within(dialog).getByLabelText('Brightness')).toHaveValue('100');
  });
});
