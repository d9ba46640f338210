import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { consoleBackend } from '../../../test/backend';
import { renderApp, renderWithProviders } from '../../../test/renderWithProviders';
import { selectOption } from '../../../test/selectOption';
import { signInWithProject } from '../../../test/session';
import { ok } from '../../lighting/fixtures';
import { alarmBackend, alarmLevels, alarmType } from '../fixtures';
import AlarmTypeFormDialog from './AlarmTypeFormDialog';

const RECOVERY_VALUE_MESSAGE = '恢复值须为正数，1 到 3 位小数';
const RECOVERY_REQUIRED_MESSAGE = '开启自动处理时恢复条件必填';

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
});
