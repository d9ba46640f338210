import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { consoleBackend } from '../../../test/backend';
import { fill } from '../../../test/fill';
import { renderApp, renderWithProviders } from '../../../test/renderWithProviders';
import { selectOption } from '../../../test/selectOption';
import { signInWithProject } from '../../../test/session';
import { ok } from '../../lighting/fixtures';
import { alarmBackend, alarmLevels, alarmType } from '../fixtures';
import type { AlarmType } from '../types';
import AlarmTypeFormDialog from './AlarmTypeFormDialog';

const RECOVERY_VALUE_MESSAGE = '恢复值须为正数，1 到 3 位小数';
const RECOVERY_REQUIRED_MESSAGE = '开启自动处理时恢复条件必填';
const EVENT_TRIGGER_MESSAGE = '事件类告警的触发条件须表示事件发生（如 >= 1）';
const EVENT_HINT = '事件发生时为 1，结束后为 0';

/** A gateway's alarm type on its temperature: the device events and the signal are the gateway's too. */
const cabinetHot: AlarmType = {
  ...alarmType,
  alarmTypeId: 5,
  alarmName: '配电柜过温',
  deviceType: 'gateway',
  contentZh: '配电柜温度过高',
  contentEn: 'Cabinet too hot',
  triggerAttribute: 'temperature',
  triggerComparison: '>',
  triggerValue: '70',
  triggerDuration: 0,
  recoveryAttribute: 'temperature',
  recoveryComparison: '<',
  recoveryValue: '60.0',
  recoveryDuration: 0,
};

/** The text of the antd Select labelled `label` (its chosen option). */
const chosen = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label).closest('.ant-select')?.textContent;

describe('the alarm type form', () => {
  // Many fields typed one key at a time: about 30 s on a busy 2-core machine, hence its own limit.
  it('checks the recovery value (positive, 1 to 3 decimals) and requires the recovery condition with auto processing', async () => {
    signInWithProject();
    let answer: { status?: number; body: unknown } = { status: 400, body: { code: 400, msg: '告警名称“回路欠压”已存在' } };
    const { callsTo } = alarmBackend({ 'POST /alarm/type': () => answer });
    const { user } = renderApp({ route: '/alarm/type' });
    const row = (await screen.findByText('回路过压')).closest('tr') as HTMLElement;
    expect(await within(row).findByText('严重')).toBeInTheDocument();
    expect(await within(row).findByText('电压 > 250 (持续 60 秒)')).toBeInTheDocument();

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
  }, 90_000);

  it('speaks English, and without auto processing the recovery condition may stay empty', async () => {
    signInWithProject();
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

  it('fills in a device event\'s defaults when one is picked as the trigger, and sends them', async () => {
    signInWithProject();
    const { callsTo } = consoleBackend({
      'GET /system/dict/data/type/alarm_level': ok({ data: alarmLevels }),
      'PUT /alarm/type': ok(),
    });
    const { user } = renderWithProviders(<AlarmTypeFormDialog row={cabinetHot} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: '修改告警类型' });
    await waitFor(() => expect(within(dialog).getByLabelText('触发值')).toHaveValue('70'));
    expect(within(dialog).queryByText(EVENT_HINT)).not.toBeInTheDocument();

    await selectOption(user, dialog, '触发属性', '柜门打开');
    expect(await within(dialog).findByText(EVENT_HINT)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('触发值')).toHaveValue('1');
    expect(within(dialog).getByLabelText('恢复值')).toHaveValue('1.0');
    expect(chosen(dialog, '触发比较')).toBe('>=');
    expect(chosen(dialog, '恢复属性')).toBe('柜门打开');
    expect(chosen(dialog, '恢复比较')).toBe('<');

    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(callsTo('PUT /alarm/type')).toHaveLength(1));
    expect(callsTo('PUT /alarm/type')[0]?.body).toMatchObject({
      alarmTypeId: 5,
      deviceType: 'gateway',
      triggerAttribute: 'door_open',
      triggerComparison: '>=',
      triggerValue: '1',
      recoveryAttribute: 'door_open',
      recoveryComparison: '<',
      recoveryValue: '1.0',
    });
  });

  it('refuses an event trigger that does not mean "active", and sends nothing', async () => {
    signInWithProject();
    const { callsTo } = consoleBackend({
      'GET /system/dict/data/type/alarm_level': ok({ data: alarmLevels }),
      'PUT /alarm/type': ok(),
    });
    const { user } = renderWithProviders(<AlarmTypeFormDialog row={cabinetHot} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: '修改告警类型' });
    await waitFor(() => expect(within(dialog).getByLabelText('触发值')).toHaveValue('70'));
    await selectOption(user, dialog, '触发属性', '柜门打开');
    await waitFor(() => expect(within(dialog).getByLabelText('触发值')).toHaveValue('1'));

    // '< 1' holds while the door is shut: backwards
    await selectOption(user, dialog, '触发比较', '<');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText(EVENT_TRIGGER_MESSAGE)).toBeInTheDocument();
    expect(callsTo('PUT /alarm/type')).toHaveLength(0);

    // the recovery on another attribute, or not meaning "ended", is refused too
    await selectOption(user, dialog, '触发比较', '>=');
    await waitFor(() => expect(within(dialog).queryByText(EVENT_TRIGGER_MESSAGE)).not.toBeInTheDocument());
    await selectOption(user, dialog, '恢复比较', '>=');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('事件类告警的恢复条件须为同一事件且表示事件结束（如 < 1.0）')).toBeInTheDocument();
    expect(callsTo('PUT /alarm/type')).toHaveLength(0);
  });

  it('says in English what an event is, and refuses a backwards trigger with the server\'s words', async () => {
    signInWithProject();
    await changeLanguage('en');
    const { callsTo } = consoleBackend({
      'GET /system/dict/data/type/alarm_level': ok({ data: alarmLevels }),
      'PUT /alarm/type': ok(),
    });
    const { user } = renderWithProviders(<AlarmTypeFormDialog row={{ ...alarmType, autoProcessing: '0' }} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit alarm type' });
    await waitFor(() => expect(within(dialog).getByLabelText('Trigger value')).toHaveValue('250'));
    await selectOption(user, dialog, 'Trigger attribute', 'Contactor fault');
    expect(await within(dialog).findByText('An event is 1 while it is active and 0 once it has ended')).toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText('Trigger value'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText("An event's trigger must mean the event is active (for example >= 1)")).toBeInTheDocument();
    expect(callsTo('PUT /alarm/type')).toHaveLength(0);
  });

  it('writes a signal recovery value without its minus sign: its unit reads −dBm, in the form and the list', async () => {
    signInWithProject();
    const weakSignal: AlarmType = {
      ...cabinetHot,
      alarmName: '信号弱',
      triggerAttribute: 'signal',
      triggerComparison: '<',
      triggerValue: '-95',
      recoveryAttribute: 'signal',
      recoveryComparison: '>=',
      recoveryValue: '85.0',
    };
    const { callsTo } = alarmBackend({ 'GET /alarm/type/list': ok({ rows: [weakSignal], total: 1 }), 'PUT /alarm/type': ok() });
    const { user } = renderApp({ route: '/alarm/type' });
    const row = (await screen.findByText('信号弱')).closest('tr') as HTMLElement;
    expect(within(row).getByText('信号 < -95')).toBeInTheDocument();
    expect(within(row).getByText('信号 >= −85.0 dBm')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: '修改 信号弱' }));
    const dialog = await screen.findByRole('dialog', { name: '修改告警类型' });
    await waitFor(() => expect(within(dialog).getByLabelText('恢复值')).toHaveValue('85.0'));
    expect(within(dialog).getByText('−dBm')).toBeInTheDocument();
    expect(within(dialog).getByText('dBm')).toBeInTheDocument(); // the trigger value's, with its sign
    expect(within(dialog).getByText('不写负号：85.0 表示 −85 dBm')).toBeInTheDocument();

    // another attribute: its own unit, no hint
    await selectOption(user, dialog, '恢复属性', '温度 (°C)');
    await waitFor(() => expect(within(dialog).queryByText('−dBm')).not.toBeInTheDocument());
    expect(within(dialog).getByText('°C')).toBeInTheDocument();
    expect(within(dialog).queryByText('不写负号：85.0 表示 −85 dBm')).not.toBeInTheDocument();
    expect(callsTo('PUT /alarm/type')).toHaveLength(0);
  });
});
