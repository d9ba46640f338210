import { consoleBackend } from '../../test/backend';
import { moduleRoutes, ok } from '../lighting/fixtures';
import type { Alarm, AlarmType } from './types';

export const alarmType: AlarmType = {
  alarmTypeId: 3,
  alarmName: '回路过压',
  deviceType: 'loop',
  alarmLevel: '1',
  contentZh: '回路电压过高',
  contentEn: 'Loop voltage too high',
  triggerAttribute: 'voltage',
  triggerComparison: '>',
  triggerValue: '250',
  triggerDuration: 60,
  recoveryAttribute: 'voltage',
  recoveryComparison: '<',
  recoveryValue: '240.5',
  recoveryDuration: 30,
  autoProcessing: '1',
  autoWorkOrder: '0',
  status: '0',
  createTime: '2026-04-01 09:00:00',
};

export const openAlarm: Alarm = {
  alarmId: 41,
  alarmTypeId: 3,
  alarmName: '回路过压',
  alarmLevel: '1',
  status: '0',
  deviceName: '北区网关',
  gatewayNumber: 'GW-0007',
  loopIndex: 2,
  content: '回路电压过高',
  value: 262.4,
  alarmTime: '2026-05-01 10:00:00',
  endTime: null,
  closeReason: null,
  recovered: false,
};

export const alarmStatuses = [
  ['0', '未处理', 'Not processed'],
  ['1', '处理中', 'Processing'],
  ['2', '已处理', 'Processed'],
  ['3', '已关闭', 'Closed'],
  ['4', '已恢复', 'Restored'],
].map(([dictValue, dictLabelZh, dictLabelEn]) => ({ dictValue, dictLabel: dictLabelZh, dictLabelZh, dictLabelEn }));

export const alarmLevels = [
  ['1', '严重', 'Serious'],
  ['2', '主要', 'Main'],
  ['3', '次要', 'Secondary'],
].map(([dictValue, dictLabelZh, dictLabelEn]) => ({ dictValue, dictLabel: dictLabelZh, dictLabelZh, dictLabelEn }));

/** The demo backend with the alarm screens' dictionaries and one alarm type; routes can be replaced. */
export function alarmBackend(overrides: Parameters<typeof consoleBackend>[0] = {}) {
  return consoleBackend({
    'GET /system/menu/getRouters': ok({ data: moduleRoutes }),
    'GET /system/dict/data/type/alarm_level': ok({ data: alarmLevels }),
    'GET /system/dict/data/type/alarm_status': ok({ data: alarmStatuses }),
    'GET /alarm/type/list': ok({ rows: [alarmType], total: 1 }),
    ...overrides,
  });
}
