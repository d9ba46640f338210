import { describe, expect, it } from 'vitest';
import en from './en.json';
import zhCN from './zh-CN.json';

// Both languages have the same keys, none empty: src/i18n/i18n.test.ts checks every module.
describe('the operation texts', () => {
  it("name the dictionaries' values as the server's seed does", () => {
    const statuses = ['0', '1', '2', '3', '4'] as const;
    expect(statuses.map((status) => zhCN.operation.workOrder.status[status])).toEqual(['待派单', '处理中', '待确认', '已完成', '已关闭']);
    expect(statuses.map((status) => en.operation.workOrder.status[status])).toEqual(['Unassigned', 'In progress', 'Pending confirmation', 'Completed', 'Closed']);
    expect((['1', '2', '3'] as const).map((type) => en.operation.workOrder.type[type])).toEqual(['Alarm', 'Reported', 'Inspection']);
    expect((['1', '2', '3', '4', '5'] as const).map((question) => en.operation.workOrder.question[question])).toEqual([
      'Lamp out',
      'Electrical fault',
      'Communication fault',
      'Damage',
      'Other',
    ]);
    expect((['1', '2', '3', '4'] as const).map((urgency) => zhCN.operation.workOrder.urgency[urgency])).toEqual(['特急', '紧急', '一般', '较低']);
  });

  it('name every step of the process information', () => {
    for (const action of ['created', 'flap', 'dispatch', 'assign', 'return', 'complete', 'confirm', 'close'] as const) {
      expect(en.operation.workOrder.action[action], action).toBeTruthy();
      expect(zhCN.operation.workOrder.action[action], action).toBeTruthy();
    }
  });

  it("name the inspection dictionaries' values as the contract does", () => {
    const statuses = ['0', '1', '2', '3'] as const;
    expect(statuses.map((status) => zhCN.operation.inspection.taskStatus[status])).toEqual(['待巡检', '巡检中', '已完成', '已过期']);
    expect((['1', '2', '3'] as const).map((period) => zhCN.operation.inspection.period[period])).toEqual(['每天', '每周', '每月']);
    expect((['1', '2', '3'] as const).map((period) => en.operation.inspection.period[period])).toEqual(['Daily', 'Weekly', 'Monthly']);
    expect((['1', '2'] as const).map((result) => zhCN.operation.inspection.result[result])).toEqual(['正常', '异常']);
    expect((['1', '2'] as const).map((type) => zhCN.operation.inspection.pointType[type])).toEqual(['设备', '地址']);
    for (const tab of ['tasks', 'plans', 'routes', 'teams'] as const) {
      expect(zhCN.operation.inspection.tabs[tab], tab).toBeTruthy();
      expect(en.operation.inspection.tabs[tab], tab).toBeTruthy();
    }
  });

  it("name the maintenance dictionaries' values as the server's seed does", () => {
    expect((['0', '1'] as const).map((status) => zhCN.operation.maintenance.status[status])).toEqual(['未完成', '已完成']);
    expect((['0', '1'] as const).map((status) => en.operation.maintenance.status[status])).toEqual(['Unfinished', 'Finished']);
    const states = ['0', '1', '2', '3'] as const;
    expect(states.map((state) => zhCN.operation.maintenance.contractState[state])).toEqual(['履行中', '即将到期', '已到期', '未开始']);
    expect(states.map((state) => en.operation.maintenance.contractState[state])).toEqual(['In force', 'Near its end', 'Ended', 'Not started']);
    for (const tab of ['plans', 'contracts', 'companies'] as const) {
      expect(zhCN.operation.maintenance.tabs[tab], tab).toBeTruthy();
      expect(en.operation.maintenance.tabs[tab], tab).toBeTruthy();
    }
  });
});
