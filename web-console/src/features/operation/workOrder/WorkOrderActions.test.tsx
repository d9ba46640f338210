import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MockRequest } from '../../../test/fetchMock';
import { renderApp } from '../../../test/renderWithProviders';
import { selectOption } from '../../../test/selectOption';
import { signInWithProject } from '../../../test/session';
import { ok } from '../../lighting/fixtures';
import { inProgressOrder, operationBackend, workOrders } from '../fixtures';
import type { WorkOrder } from '../types';

const rowOf = async (orderNumber: string) => (await screen.findByText(orderNumber)).closest('tr') as HTMLElement;

describe('the work order actions', () => {
  it('dispatches to a user picked from the user list; the list and the counts are asked again', async () => {
    signInWithProject();
    let orders: WorkOrder[] = workOrders;
    const { callsTo } = operationBackend({
      'GET /operation/workOrder/list': () => ok({ rows: orders, total: orders.length }),
      'PUT /operation/workOrder/dispatch': (request: MockRequest) => {
        const { workOrderId, handlerId, handlerName } = request.body as { workOrderId: number; handlerId: number; handlerName: string };
        orders = orders.map((order) => (order.workOrderId === workOrderId ? { ...order, status: '1', handlerId, handlerName } : order));
        return ok({ status: '1' });
      },
    });
    const { user } = renderApp({ route: '/operation/workOrder' });
    const row = await rowOf('WO20260501001');
    await waitFor(() => expect(callsTo('GET /operation/workOrder/counts').length).toBeGreaterThan(0));
    const countCalls = callsTo('GET /operation/workOrder/counts').length;
    const listCalls = callsTo('GET /operation/workOrder/list').length;

    await user.click(within(row).getByRole('button', { name: '派单 WO20260501001' }));
    const dialog = await screen.findByRole('dialog', { name: '派单：WO20260501001' });
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请选择处理人')).toBeInTheDocument();
    expect(callsTo('PUT /operation/workOrder/dispatch')).toHaveLength(0);

    await selectOption(user, dialog, '处理人', '李四 (lisi)');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('已派单')).toBeInTheDocument();
    expect(callsTo('PUT /operation/workOrder/dispatch')[0]?.body).toEqual({ workOrderId: 101, handlerId: 6, handlerName: 'lisi' });
    expect(callsTo('GET /system/user/list')[0]?.query.get('status')).toBe('0');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '派单：WO20260501001' })).not.toBeInTheDocument());
    await waitFor(() => expect(callsTo('GET /operation/workOrder/counts').length).toBeGreaterThan(countCalls));
    expect(callsTo('GET /operation/workOrder/list').length).toBeGreaterThan(listCalls);
    // now in progress: assign instead of dispatch
    const dispatched = await rowOf('WO20260501001');
    await waitFor(() => expect(within(dispatched).getByRole('button', { name: '指派 WO20260501001' })).toBeInTheDocument());
    expect(within(dispatched).queryByRole('button', { name: '派单 WO20260501001' })).not.toBeInTheDocument();
    expect(within(dispatched).getByText('lisi')).toBeInTheDocument();
  });

  it('assigns by a typed user id and account when the user list is refused (403)', async () => {
    signInWithProject();
    const { callsTo } = operationBackend({
      'GET /system/user/list': { status: 403, body: { code: 403, msg: '没有权限，请联系管理员授权' } },
      'PUT /operation/workOrder/assign': ok({ status: '1' }),
    });
    const { user } = renderApp({ route: '/operation/workOrder' });
    const row = await rowOf('WO20260501002');
    await user.click(within(row).getByRole('button', { name: '指派 WO20260501002' }));
    const dialog = await screen.findByRole('dialog', { name: '指派：WO20260501002' });
    expect(within(dialog).getByText('当前处理人：zhangsan')).toBeInTheDocument();
    const id = await within(dialog).findByLabelText('处理人用户 ID');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('处理人用户 ID 须为正整数')).toBeInTheDocument();
    expect(await within(dialog).findByText('处理人账号为 1 到 64 个字符')).toBeInTheDocument();
    await user.type(id, '7');
    await user.type(within(dialog).getByLabelText('处理人账号'), ' wangwu ');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('已指派')).toBeInTheDocument();
    expect(callsTo('PUT /operation/workOrder/assign')[0]?.body).toEqual({ workOrderId: 102, handlerId: 7, handlerName: 'wangwu' });
  });

  it('asks a user without the user list for the handler id and account at once', async () => {
    signInWithProject();
    const { callsTo } = operationBackend({
      'GET /getInfo': ok({
        user: { userId: 3, userName: 'dispatcher', nickName: '调度员', avatar: '' },
        roles: ['ROLE_DEFAULT'],
        permissions: ['pc:operation:workOrder:list', 'pc:operation:workOrder:dispatch'],
        defultMenu: '',
      }),
    });
    const { user } = renderApp({ route: '/operation/workOrder' });
    const row = await rowOf('WO20260501001');
    await user.click(within(row).getByRole('button', { name: '派单 WO20260501001' }));
    const dialog = await screen.findByRole('dialog', { name: '派单：WO20260501001' });
    expect(within(dialog).getByText('无法读取用户列表，请输入处理人的用户 ID 和账号')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('处理人账号')).toBeInTheDocument();
    expect(callsTo('GET /system/user/list')).toHaveLength(0);
  });

  it('refuses a confirmation without a score before asking the server', async () => {
    signInWithProject();
    const { callsTo } = operationBackend({ 'PUT /operation/workOrder/confirm': ok({ status: '3' }) });
    const { user } = renderApp({ route: '/operation/workOrder' });
    const row = await rowOf('WO20260501003');
    await user.click(within(row).getByRole('button', { name: '确认 WO20260501003' }));
    const dialog = await screen.findByRole('dialog', { name: '确认工单：WO20260501003' });
    await user.type(within(dialog).getByLabelText('评价'), '修复及时');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请选择 1 到 5 分的评分')).toBeInTheDocument();
    expect(callsTo('PUT /operation/workOrder/confirm')).toHaveLength(0);

    const stars = within(dialog).getAllByRole('radio');
    expect(stars).toHaveLength(5);
    await user.click(stars[3] as HTMLElement);
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('工单已确认')).toBeInTheDocument();
    expect(callsTo('PUT /operation/workOrder/confirm')[0]?.body).toEqual({ workOrderId: 103, score: 4, evaluation: '修复及时' });
  });

  it("shows the server's refusal as it comes and keeps the dialog open", async () => {
    signInWithProject();
    const { callsTo } = operationBackend({
      'PUT /operation/workOrder/close': ok({ code: 500, msg: '工单已完成或已关闭，不能再操作' }),
      'PUT /operation/workOrder/complete': { status: 400, body: { code: 400, msg: '请填写处理说明，不超过500个字符' } },
    });
    const { user } = renderApp({ route: '/operation/workOrder' });
    const row = await rowOf('WO20260501002');

    await user.click(within(row).getByRole('button', { name: '关闭 WO20260501002' }));
    const closing = await screen.findByRole('dialog', { name: '关闭工单：WO20260501002' });
    await user.click(within(closing).getByRole('button', { name: '确定' }));
    expect(await within(closing).findByText('请输入关闭原因')).toBeInTheDocument();
    await user.type(within(closing).getByLabelText('关闭原因'), '  重复工单  ');
    await user.click(within(closing).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('工单已完成或已关闭，不能再操作')).toBeInTheDocument();
    expect(callsTo('PUT /operation/workOrder/close')[0]?.body).toEqual({ workOrderId: inProgressOrder.workOrderId, closeReason: '重复工单' });
    expect(screen.getByRole('dialog', { name: '关闭工单：WO20260501002' })).toBeInTheDocument();
    expect(screen.queryByText('工单已关闭')).not.toBeInTheDocument();
    await user.click(within(closing).getByRole('button', { name: '取消' }));

    await user.click(within(row).getByRole('button', { name: '处理完成 WO20260501002' }));
    const completing = await screen.findByRole('dialog', { name: '处理完成：WO20260501002' });
    await user.click(within(completing).getByRole('button', { name: '确定' }));
    expect(await within(completing).findByText('请填写处理说明')).toBeInTheDocument();
    expect(callsTo('PUT /operation/workOrder/complete')).toHaveLength(0);
    await user.type(within(completing).getByLabelText('处理说明'), '灯具已更换');
    await user.click(within(completing).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('请填写处理说明，不超过500个字符')).toBeInTheDocument();
    expect(callsTo('PUT /operation/workOrder/complete')[0]?.body).toEqual({ workOrderId: 102, note: '灯具已更换' });
    expect(screen.getByRole('dialog', { name: '处理完成：WO20260501002' })).toBeInTheDocument();
  });

  it('adds a reported order: required fields first, then the body the server expects', async () => {
    signInWithProject();
    const { callsTo } = operationBackend({ 'POST /operation/workOrder': ok({ workOrderId: 105, orderNumber: 'WO20260501005' }) });
    const { user } = renderApp({ route: '/operation/workOrder' });
    await rowOf('WO20260501001');
    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增工单' });
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请选择问题类型')).toBeInTheDocument();
    expect(await within(dialog).findByText('请输入问题描述')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('告警编号')).not.toBeInTheDocument();
    expect(callsTo('POST /operation/workOrder')).toHaveLength(0);

    await selectOption(user, dialog, '问题类型', '通讯故障');
    await user.type(within(dialog).getByLabelText('地址'), ' 滨江路 3 号 ');
    await user.type(within(dialog).getByLabelText('问题描述'), '网关离线');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(callsTo('POST /operation/workOrder')[0]?.body).toEqual({
      orderType: '2',
      questionType: '3',
      urgency: '3',
      expectedTime: '',
      address: '滨江路 3 号',
      description: '网关离线',
      attachments: [],
    });
  });

  it("asks an alarm's order for its alarm", async () => {
    signInWithProject();
    const { callsTo } = operationBackend({ 'POST /operation/workOrder': ok({ workOrderId: 106, orderNumber: 'WO20260501006' }) });
    const { user } = renderApp({ route: '/operation/workOrder' });
    await rowOf('WO20260501001');
    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增工单' });
    await selectOption(user, dialog, '工单类型', '告警');
    await selectOption(user, dialog, '问题类型', '灯具不亮');
    await selectOption(user, dialog, '紧急程度', '特急');
    await user.type(within(dialog).getByLabelText('问题描述'), '回路过压');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('告警工单须填写告警编号（正整数）')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('告警编号'), '41');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(callsTo('POST /operation/workOrder')).toHaveLength(1));
    expect(callsTo('POST /operation/workOrder')[0]?.body).toMatchObject({ orderType: '1', questionType: '1', urgency: '1', alarmId: 41 });
  });
});
