import { describe, expect, it } from 'vitest';
import { openAlarm } from '../../alarm/fixtures';
import { ADDRESS_MAX, DESCRIPTION_MAX } from '../rules';
import { fromAlarm, toChange, type WorkOrderFormValues } from './formValues';

describe("an alarm's work order, prefilled", () => {
  it('names the alarm, is as urgent as its level, stands at its device and is described by it', () => {
    expect(fromAlarm(openAlarm)).toEqual({
      orderType: '1',
      alarmId: 41,
      urgency: '1',
      address: '北区网关',
      description: '回路过压 · 回路电压过高',
      attachments: [],
    });
    expect(fromAlarm({ ...openAlarm, alarmLevel: '3', content: '  ' })).toMatchObject({ urgency: '3', description: '回路过压' });
  });

  it('keeps within the lengths the server takes', () => {
    const long = fromAlarm({ ...openAlarm, deviceName: '网'.repeat(ADDRESS_MAX + 5), content: '压'.repeat(DESCRIPTION_MAX) });
    expect([...(long.address ?? '')]).toHaveLength(ADDRESS_MAX);
    expect([...(long.description ?? '')]).toHaveLength(DESCRIPTION_MAX);
  });

  it('sends the alarm with the order, once the question is chosen', () => {
    const values = { ...fromAlarm(openAlarm), questionType: '2' } as WorkOrderFormValues;
    expect(toChange(values)).toEqual({
      orderType: '1',
      questionType: '2',
      urgency: '1',
      expectedTime: '',
      address: '北区网关',
      description: '回路过压 · 回路电压过高',
      attachments: [],
      alarmId: 41,
    });
    // an order turned into a reported one leaves the alarm out
    expect(toChange({ ...values, orderType: '2' })).not.toHaveProperty('alarmId');
  });
});
