import { screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n';
import { consoleBackend } from '../../test/backend';
import type { MockRequest } from '../../test/fetchMock';
import { renderApp, renderWithProviders } from '../../test/renderWithProviders';
import { moduleRoutes, ok } from '../lighting/fixtures';
import { alarmLevels, alarmStatuses, alarmType, openAlarm } from './fixtures';
import { selectOption } from './selectOption';
import AlarmTypeFormDialog from './type/AlarmTypeFormDialog';

function signedIn() {
  Cookies.set('Admin-Token', 'jwt-1');
  Cookies.set('projectId', '1');
  Cookies.set('projectName', '滨江景观照明示范项目');
}

function alarmBackend(overrides: Parameters<typeof consoleBackend>[0] = {}) {
  return consoleBackend({
    'GET /system/menu/getRouters': ok({ data: moduleRoutes }),
    'GET /system/dict/data/type/alarm_level': ok({ data: alarmLevels }),
    'GET /system/dict/data/type/alarm_status': ok({ data: alarmStatuses }),
    'GET /alarm/type/list': ok({ rows: [alarmType], total: 1 }),
    ...overrides,
  });
}

const RECOVERY_VALUE_MESSAGE = '恢复值须为正数，1 到 3 位小数';
const RECOVERY_REQUIRED_MESSAGE = '开启自动处理时恢复条件必填';

describe('the alarm type form', () => {
  it('checks the recovery value (positive, 1 to 3 decimals) and requires the recovery condition with auto processing', async () => {
    signedIn();
    let answer: { status?: number; body: unknown } = { status: 400, body: { code: 400, msg: '告警名称“回路欠压”已存在' } };
    const { callsTo } = alarmBackend({ 'POST /alarm/type': () => answer });
    const { user } = renderApp({ route: '/alarm/type' });
    const row = (await screen.findByText('回路过压')).closest('tr') as HTMLElement;
    expect(within(row).getByText('严重')).toBeInTheDocument();
    expect(within(row).getByText('电压 > 250 (持续 60 秒)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增告警类型' });
    await user.type(within(dialog).getByLabelText('告警名称'), '回路欠压');
    await selectOption(user, dialog, '设备类型', '回路');
    await selectOption(user, dialog, '告警级别', '主要');
    await user.type(within(dialog).getByLabelText('告警内容（中文）'), '回路电压过低');
    await user.type(within(dialog).getByLabelText('告警内容（英文）'), 'Loop voltage too low');
    await selectOption(user, dialog, '触发属性', '电压 (V)');
    await selectOption(user, dialog, '触发比较', '<');
    await user.type(within(dialog).getByLabelText('触发值'), '180');

    // auto processing on: the recovery condition is required
    await user.click(within(dialog).getByRole('switch', { name: '自动处理' }));
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(within(dialog).getAllByText(RECOVERY_REQUIRED_MESSAGE)).toHaveLength(3));
    expect(callsTo('POST /alarm/type')).toHaveLength(0);

    const recoveryAttribute = within(dialog).getByLabelText('恢复属性');
    await selectOption(user, dialog, '恢复属性', '电压 (V)');
    expect(recoveryAttribute).toBeInTheDocument();
    await selectOption(user, dialog, '恢复比较', '>');
    const recoveryValue = within(dialog).getByLabelText('恢复值');
    for (const bad of ['1.2345', '12', '0.0', '-5.5', '12.']) {
      await user.clear(recoveryValue);
      await user.type(recoveryValue, bad);
      await user.click(within(dialog).getByRole('button', { name: '确定' }));
      expect(await within(dialog).findByText(RECOVERY_VALUE_MESSAGE)).toBeInTheDocument();
    }
    expect(callsTo('POST /alarm/type')).toHaveLength(0);

    // a good value: the server's refusal is shown as it comes, and the dialog stays
    await user.clear(recoveryValue);
    await user.type(recoveryValue, '190.25');
    await waitFor(() => expect(within(dialog).queryByText(RECOVERY_VALUE_MESSAGE)).not.toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('告警名称“回路欠压”已存在')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: '新增告警类型' })).toBeInTheDocument();
    expect(callsTo('POST /alarm/type')[0]?.body).toEqual({
      alarmName: '回路欠压',
      deviceType: 'loop',
      alarmLevel: '2',
      contentZh: '回路电压过低',
      contentEn: 'Loop voltage too low',
      triggerAttribute: 'voltage',
      triggerComparison: '<',
      triggerValue: '180',
      triggerDuration: 0,
      recoveryAttribute: 'voltage',
      recoveryComparison: '>',
      recoveryValue: '190.25',
      recoveryDuration: 0,
      autoProcessing: '1',
      autoWorkOrder: '0',
      status: '0',
    });

    answer = ok();
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '新增告警类型' })).not.toBeInTheDocument());
  });

  it('speaks English, and without auto processing the recovery condition may stay empty', async () => {
    signedIn();
    await changeLanguage('en');
    const { callsTo } = consoleBackend({
      'GET /system/dict/data/type/alarm_level': ok({ data: alarmLevels }),
      'PUT /alarm/type': ok(),
    });
    const { user } = renderWithProviders(<AlarmTypeFormDialog row={{ ...alarmType, autoProcessing: '0' }} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit alarm type' });
    await waitFor(() => expect(within(dialog).getByLabelText('Recovery value')).toHaveValue('240.5'));
    await user.clear(within(dialog).getByLabelText('Recovery value'));
    await user.type(within(dialog).getByLabelText('Recovery value'), '240.5555');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('Recovery value: positive number, 1 to 3 decimals')).toBeInTheDocument();

    // clearing the whole recovery condition is fine while auto processing is off
    await user.clear(within(dialog).getByLabelText('Recovery value'));
    for (const label of ['Recovery attribute', 'Recovery comparison']) {
      const select = within(dialog).getByLabelText(label).closest('.ant-select') as HTMLElement;
      await user.hover(select);
      await user.click(select.querySelector('.ant-select-clear') as HTMLElement);
    }
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(callsTo('PUT /alarm/type')).toHaveLength(1));
    expect(callsTo('PUT /alarm/type')[0]?.body).toMatchObject({
      alarmTypeId: 3,
      recoveryAttribute: '',
      recoveryComparison: '',
      recoveryValue: '',
      autoProcessing: '0',
    });

    // switching auto processing on requires it again, in English
    await user.click(within(dialog).getByRole('switch', { name: 'Auto processing' }));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(within(dialog).getAllByText('Recovery condition required when auto processing is on')).toHaveLength(3),
    );
  });
});

describe('the alarm lists', () => {
  it('real-time: coloured level and status, detail, process, and close with a reason', async () => {
    signedIn();
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
    expect(within(drawer).getByText('Loop voltage too high')).toBeInTheDocument();
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

  it('history: every alarm with its end time; filters go to the server', async () => {
    signedIn();
    const closed = { ...openAlarm, alarmId: 40, status: '3', endTime: '2026-05-01 11:00:00', closeReason: '误报' };
    const { callsTo } = alarmBackend({ 'GET /alarm/history/list': ok({ rows: [closed], total: 1 }) });
    const { user } = renderApp({ route: '/alarm/history' });
    const row = (await screen.findByText('2026-05-01 11:00:00')).closest('tr') as HTMLElement;
    expect(within(row).getByText('已关闭')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: '关闭 回路过压' })).not.toBeInTheDocument();

    const search = screen.getByRole('button', { name: '搜索' }).closest('form') as HTMLElement;
    await user.type(within(search).getByLabelText('设备名称'), '北区');
    await selectOption(user, search, '告警状态', '已恢复');
    await user.click(within(search).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(callsTo('GET /alarm/history/list').at(-1)?.query.get('deviceName')).toBe('北区'));
    expect(callsTo('GET /alarm/history/list').at(-1)?.query.get('status')).toBe('4');
    expect(callsTo('GET /alarm/history/list').at(-1)?.query.get('pageSize')).toBe('20');
  });
});
