import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { renderApp } from '../../../test/renderWithProviders';
import { selectOption } from '../../../test/selectOption';
import { signInWithProject } from '../../../test/session';
import { ok } from '../../lighting/fixtures';
import { operationBackend } from '../fixtures';

const rowOf = async (orderNumber: string) => (await screen.findByText(orderNumber)).closest('tr') as HTMLElement;

describe('the work orders', () => {
  it('lists the orders with dictionary labels, the tabs with their counts, and filters on the server', async () => {
    signInWithProject();
    const { callsTo } = operationBackend();
    const { user } = renderApp({ route: '/operation/workOrder' });
    const unassigned = await rowOf('WO20260501001');
    expect(within(unassigned).getByText('上报')).toBeInTheDocument();
    expect(within(unassigned).getByText('灯具不亮')).toBeInTheDocument();
    expect(within(unassigned).getByText('特急').closest('.ant-tag')).toHaveClass('ant-tag-red');
    expect(within(unassigned).getByText('待派单')).toBeInTheDocument();
    expect(within(unassigned).getByText('已超期').closest('.ant-tag')).toHaveClass('ant-tag-red');
    expect(within(unassigned).getByText('滨江路 12 号')).toBeInTheDocument();
    expect(within(unassigned).getByText('2026-05-01 12:00:00')).toBeInTheDocument();
    const inProgress = await rowOf('WO20260501002');
    expect(within(inProgress).getByText('告警')).toBeInTheDocument();
    expect(within(inProgress).getByText('电气故障')).toBeInTheDocument();
    expect(within(inProgress).getByText('一般')).toBeInTheDocument();
    expect(within(inProgress).getByText('处理中')).toBeInTheDocument();
    expect(within(inProgress).getByText('zhangsan')).toBeInTheDocument();
    expect(within(inProgress).queryByText('已超期')).not.toBeInTheDocument();

    // the tabs: every order, then each status with its count; the open orders overdue
    expect(await screen.findByRole('tab', { name: '全部 (15)' })).toHaveAttribute('aria-selected', 'true');
    for (const name of ['待派单 (3)', '处理中 (4)', '待确认 (2)', '已完成 (5)', '已关闭 (1)']) {
      expect(screen.getByRole('tab', { name })).toBeInTheDocument();
    }
    expect(screen.getByText('已超期 2')).toBeInTheDocument();
    expect(callsTo('GET /operation/workOrder/list')[0]?.query.get('status')).toBeNull();

    await user.click(screen.getByRole('tab', { name: '处理中 (4)' }));
    await waitFor(() => expect(callsTo('GET /operation/workOrder/list').at(-1)?.query.get('status')).toBe('1'));
    await user.click(screen.getByRole('switch', { name: '只看我的' }));
    await waitFor(() => expect(callsTo('GET /operation/workOrder/list').at(-1)?.query.get('mine')).toBe('1'));

    const search = screen.getByRole('button', { name: '搜索' }).closest('form') as HTMLElement;
    await selectOption(user, search, '紧急程度', '特急');
    await selectOption(user, search, '工单类型', '巡检');
    await user.type(within(search).getByLabelText('关键字'), '滨江');
    await user.click(within(search).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(callsTo('GET /operation/workOrder/list').at(-1)?.query.get('keyword')).toBe('滨江'));
    const last = callsTo('GET /operation/workOrder/list').at(-1)?.query;
    expect(Object.fromEntries(last ?? [])).toEqual({ pageNum: '1', pageSize: '20', status: '1', mine: '1', urgency: '1', orderType: '3', keyword: '滨江' });

    // back to every order: no status sent
    await user.click(screen.getByRole('tab', { name: '全部 (15)' }));
    await waitFor(() => expect(callsTo('GET /operation/workOrder/list').at(-1)?.query.get('status')).toBeNull());
  });

  it('speaks English: dictionary labels, tabs and columns', async () => {
    signInWithProject();
    await changeLanguage('en');
    operationBackend();
    renderApp({ route: '/operation/workOrder' });
    const unassigned = await rowOf('WO20260501001');
    expect(await within(unassigned).findByText('Reported')).toBeInTheDocument();
    expect(await within(unassigned).findByText('Lamp out')).toBeInTheDocument();
    expect(await within(unassigned).findByText('Urgent')).toBeInTheDocument();
    expect(await within(unassigned).findByText('Unassigned')).toBeInTheDocument();
    expect(await within(unassigned).findByText('Overdue')).toBeInTheDocument();
    const pending = await rowOf('WO20260501003');
    expect(within(pending).getByText('Inspection')).toBeInTheDocument();
    expect(within(pending).getByText('Communication fault')).toBeInTheDocument();
    expect(within(pending).getByText('Low')).toBeInTheDocument();
    expect(within(pending).getByText('Pending confirmation')).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'All (15)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Pending confirmation (2)' })).toBeInTheDocument();
    expect(screen.getByText('Overdue 2')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Only mine' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Order number' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dispatch WO20260501001' })).toBeInTheDocument();
  });

  it('offers each action only for the statuses that take it', async () => {
    signInWithProject();
    operationBackend();
    renderApp({ route: '/operation/workOrder' });
    const expected: Record<string, string[]> = {
      WO20260501001: ['派单', '关闭'],
      WO20260501002: ['指派', '处理完成', '退回', '关闭'],
      WO20260501003: ['确认', '退回', '关闭'],
      WO20260501004: [],
    };
    for (const [orderNumber, actions] of Object.entries(expected)) {
      const row = await rowOf(orderNumber);
      expect(within(row).getByRole('button', { name: `${orderNumber} 详情` })).toBeInTheDocument();
      for (const action of ['派单', '指派', '处理完成', '确认', '退回', '关闭']) {
        const button = within(row).queryByRole('button', { name: `${action} ${orderNumber}` });
        if (actions.includes(action)) expect(button, `${action} ${orderNumber}`).toBeInTheDocument();
        else expect(button, `${action} ${orderNumber}`).not.toBeInTheDocument();
      }
    }
    expect(screen.getByRole('button', { name: '新增' })).toBeInTheDocument();
  });

  it('offers each action only to the holders of its permission', async () => {
    signInWithProject();
    operationBackend({
      'GET /getInfo': ok({
        user: { userId: 5, userName: 'zhangsan', nickName: '张三', avatar: '' },
        roles: ['ROLE_DEFAULT'],
        permissions: ['pc:operation:workOrder:list', 'pc:operation:workOrder:handle'],
        defultMenu: '',
      }),
    });
    renderApp({ route: '/operation/workOrder' });
    const inProgress = await rowOf('WO20260501002');
    expect(within(inProgress).getByRole('button', { name: '处理完成 WO20260501002' })).toBeInTheDocument();
    expect(within(inProgress).getByRole('button', { name: '退回 WO20260501002' })).toBeInTheDocument();
    expect(within(inProgress).queryByRole('button', { name: '指派 WO20260501002' })).not.toBeInTheDocument();
    expect(within(inProgress).queryByRole('button', { name: '关闭 WO20260501002' })).not.toBeInTheDocument();
    expect(within(inProgress).queryByRole('button', { name: 'WO20260501002 详情' })).not.toBeInTheDocument();
    const unassigned = await rowOf('WO20260501001');
    expect(within(unassigned).queryByRole('button')).not.toBeInTheDocument();
    const pending = await rowOf('WO20260501003');
    expect(within(pending).getByRole('button', { name: '退回 WO20260501003' })).toBeInTheDocument();
    expect(within(pending).queryByRole('button', { name: '确认 WO20260501003' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '新增' })).not.toBeInTheDocument();
  });

  it('shows the detail: dictionary labels, pictures, score, alarms and the process as a timeline', async () => {
    signInWithProject();
    operationBackend();
    const { user } = renderApp({ route: '/operation/workOrder' });
    const completed = await rowOf('WO20260501004');
    await user.click(within(completed).getByRole('button', { name: 'WO20260501004 详情' }));
    const drawer = await screen.findByRole('dialog', { name: '工单详情' });
    expect(await within(drawer).findByText('修复及时')).toBeInTheDocument();
    expect(await within(drawer).findByText('巡检')).toBeInTheDocument();
    expect(await within(drawer).findByText('设施损坏')).toBeInTheDocument();
    expect(await within(drawer).findByText('较低')).toBeInTheDocument();
    expect(await within(drawer).findByText('41, 42')).toBeInTheDocument();
    expect(within(drawer).getByRole('img', { name: 'lamp.png' })).toHaveAttribute('src', '/prod-api/files/upload/2026/05/01/lamp.png');
    expect(drawer.querySelectorAll('.ant-rate-star-full')).toHaveLength(4);
    const timeline = drawer.querySelector('.ant-timeline') as HTMLElement;
    expect(within(timeline).getByText('创建工单')).toBeInTheDocument();
    expect(within(timeline).getByText('派单')).toBeInTheDocument();
    expect(within(timeline).getByText('待派单 → 处理中')).toBeInTheDocument();
    expect(within(timeline).getByText('处理完成')).toBeInTheDocument();
    expect(within(timeline).getByText('更换灯具')).toBeInTheDocument();
    expect(within(timeline).getByText('2026-05-01 15:00:00', { exact: false })).toBeInTheDocument();
    expect(within(timeline).getByText('待确认 → 已完成')).toBeInTheDocument();
  });
});
