import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n';
import type { MockRequest } from '../../../test/fetchMock';
import { renderApp } from '../../../test/renderWithProviders';
import { selectOption } from '../../../test/selectOption';
import { signInWithProject } from '../../../test/session';
import { ok } from '../../lighting/fixtures';
import { workOrderQuestions, workOrderTypes, workOrderUrgencies } from '../../operation/fixtures';
import { alarmBackend, openAlarm } from '../fixtures';

/** The alarm backend with the work-order form's dictionaries and the answer to adding an order. */
function withWorkOrders(overrides: Parameters<typeof alarmBackend>[0] = {}) {
  return alarmBackend({
    'GET /system/dict/data/type/work_order_type': ok({ data: workOrderTypes }),
    'GET /system/dict/data/type/work_order_question': ok({ data: workOrderQuestions }),
    'GET /system/dict/data/type/work_order_urgency': ok({ data: workOrderUrgencies }),
    'POST /operation/workOrder': ok({ workOrderId: 107, orderNumber: 'WO20260501107' }),
    ...overrides,
  });
}

/** The shown choice of the antd Select in `scope` that reads `label`. */
const chosen = (scope: HTMLElement, label: string) => within(scope).getByTitle(label);

describe('the real-time alarms', () => {
  it('real-time: coloured level and status, detail, process, and close with a reason', async () => {
    signInWithProject();
    let alarms = [openAlarm, { ...openAlarm, alarmId: 42, alarmName: '网关高温', alarmLevel: '3', status: '1', loopIndex: 0 }];
    const { callsTo } = alarmBackend({
      'GET /alarm/realtime/list': () => ok({ rows: alarms, total: alarms.length }),
      'GET /alarm/alarm/41': ok({
        data: { ...openAlarm, detail: '电压 262.4 V > 阈值 250 V', contentZh: '回路电压过高', contentEn: 'Loop voltage too high' },
      }),
      'PUT /alarm/alarm/process': (request: MockRequest) => {
        alarms = alarms.map((alarm) => (alarm.alarmId === (request.body as { alarmId: number }).alarmId ? { ...alarm, status: '1' } : alarm));
        return ok();
      },
      'PUT /alarm/alarm/close': (request: MockRequest) => {
        alarms = alarms.filter((alarm) => alarm.alarmId !== (request.body as { alarmId: number }).alarmId);
        return ok();
      },
    });
    const { user } = renderApp({ route: '/alarm/realtime' });
    const row = (await screen.findByText('北区网关 · 回路2')).closest('tr') as HTMLElement;
    expect(within(row).getByText('严重').closest('.ant-tag')).toHaveClass('ant-tag-red');
    expect(within(row).getByText('未处理').closest('.ant-tag')).toHaveClass('ant-tag-error');
    const hot = screen.getByText('网关高温').closest('tr') as HTMLElement;
    expect(within(hot).getByText('次要')).toBeInTheDocument();
    expect(within(hot).getByText('处理中')).toBeInTheDocument();
    // a processing alarm can be closed, not processed again
    expect(within(hot).queryByRole('button', { name: '处理 网关高温' })).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: '回路过压 详情' }));
    const drawer = await screen.findByRole('dialog', { name: '告警详情' });
    expect(await within(drawer).findByText('电压 262.4 V > 阈值 250 V')).toBeInTheDocument();
    expect(await within(drawer).findByText('Loop voltage too high')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: '关闭' }));

    await user.click(within(row).getByRole('button', { name: '处理 回路过压' }));
    const confirm = await screen.findByRole('dialog', { name: '系统提示' });
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('已转为处理中')).toBeInTheDocument();
    expect(callsTo('PUT /alarm/alarm/process')[0]?.body).toEqual({ alarmId: 41 });

    await user.click(within(hot).getByRole('button', { name: '关闭 网关高温' }));
    const closeDialog = await screen.findByRole('dialog', { name: '关闭告警：网关高温' });
    await user.click(within(closeDialog).getByRole('button', { name: '确定' }));
    expect(await within(closeDialog).findByText('请输入关闭原因')).toBeInTheDocument();
    await user.type(within(closeDialog).getByLabelText('关闭原因'), '  现场已复位  ');
    await user.click(within(closeDialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('告警已关闭')).toBeInTheDocument();
    expect(callsTo('PUT /alarm/alarm/close')[0]?.body).toEqual({ alarmId: 42, closeReason: '现场已复位' });
    await waitFor(() => expect(screen.queryByText('网关高温')).not.toBeInTheDocument());
  });
});

describe('a work order from a real-time alarm', () => {
  it('opens the work-order form prefilled from the alarm, and adds the order for it', async () => {
    signInWithProject();
    const { callsTo } = withWorkOrders({ 'GET /alarm/realtime/list': ok({ rows: [openAlarm], total: 1 }) });
    const { user } = renderApp({ route: '/alarm/realtime' });
    const row = (await screen.findByText('北区网关 · 回路2')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: '转工单 回路过压' }));
    const dialog = await screen.findByRole('dialog', { name: '告警转工单：回路过压' });
    // an alarm's order, naming the alarm; a serious alarm is urgent; at its device, described by it
    expect(await within(dialog).findByLabelText('告警编号')).toHaveValue('41');
    expect(chosen(dialog, '告警')).toHaveClass('ant-select-selection-item');
    expect(chosen(dialog, '特急')).toHaveClass('ant-select-selection-item');
    expect(within(dialog).getByLabelText('地址')).toHaveValue('北区网关');
    expect(within(dialog).getByLabelText('问题描述')).toHaveValue('回路过压 · 回路电压过高');

    // the question is the operator's to choose
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请选择问题类型')).toBeInTheDocument();
    expect(callsTo('POST /operation/workOrder')).toHaveLength(0);
    await selectOption(user, dialog, '问题类型', '电气故障');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(callsTo('POST /operation/workOrder')[0]?.body).toEqual({
      orderType: '1',
      questionType: '2',
      urgency: '1',
      expectedTime: '',
      address: '北区网关',
      description: '回路过压 · 回路电压过高',
      attachments: [],
      alarmId: 41,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '告警转工单：回路过压' })).not.toBeInTheDocument());
  });

  it('speaks English: the button, the dialog and its prefilled choices', async () => {
    signInWithProject();
    await changeLanguage('en');
    const mainAlarm = { ...openAlarm, alarmLevel: '2', content: 'Loop voltage too high' };
    const { callsTo } = withWorkOrders({ 'GET /alarm/realtime/list': ok({ rows: [mainAlarm], total: 1 }) });
    const { user } = renderApp({ route: '/alarm/realtime' });
    const row = (await screen.findByText('北区网关 · Loop 2')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Work order for 回路过压' }));
    const dialog = await screen.findByRole('dialog', { name: 'Work order for alarm: 回路过压' });
    expect(await within(dialog).findByLabelText('Alarm ID')).toHaveValue('41');
    expect(chosen(dialog, 'Alarm')).toHaveClass('ant-select-selection-item');
    // a main alarm is of high urgency
    expect(chosen(dialog, 'High')).toHaveClass('ant-select-selection-item');
    expect(within(dialog).getByLabelText('Problem description')).toHaveValue('回路过压 · Loop voltage too high');
    await selectOption(user, dialog, 'Question type', 'Lamp out');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Added')).toBeInTheDocument();
    expect(callsTo('POST /operation/workOrder')[0]?.body).toMatchObject({ orderType: '1', questionType: '1', urgency: '2', alarmId: 41 });
  });

  it('is offered to holders of the work-order add permission only', async () => {
    signInWithProject();
    withWorkOrders({
      'GET /getInfo': ok({
        user: { userId: 5, userName: 'watcher', nickName: '值班员', avatar: '' },
        roles: ['ROLE_DEFAULT'],
        permissions: ['pc:alarm:realtime:list', 'pc:alarm:realtime:query', 'pc:alarm:realtime:edit', 'pc:alarm:history:list'],
        defultMenu: '',
      }),
      'GET /alarm/realtime/list': ok({ rows: [openAlarm], total: 1 }),
    });
    renderApp({ route: '/alarm/realtime' });
    const row = (await screen.findByText('北区网关 · 回路2')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('button', { name: '回路过压 详情' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: '转工单 回路过压' })).not.toBeInTheDocument();
  });
});
