import { describe, expect, it } from 'vitest';
import { dealtOf, planCountsOf, savedIdOf, taskCountsOf, taskDetailOf } from './api';

describe('the inspection answers', () => {
  it('read the counts of the tasks tabs, anything missing as 0', () => {
    expect(taskCountsOf({ code: 200, data: { undoing: 3, doing: 2, finished: 7, expired: 1 } })).toEqual({ undoing: 3, doing: 2, finished: 7, expired: 1 });
    expect(taskCountsOf({ code: 200, data: { doing: '2' } })).toEqual({ undoing: 0, doing: 0, finished: 0, expired: 0 });
    expect(taskCountsOf({ code: 200 })).toEqual({ undoing: 0, doing: 0, finished: 0, expired: 0 });
  });

  it("read a deal's status and the numbers of the work orders raised", () => {
    expect(dealtOf({ code: 200, data: { status: '2', workOrders: ['WO1', 'WO2'] } })).toEqual({ status: '2', workOrders: ['WO1', 'WO2'] });
    expect(dealtOf({ code: 200, data: { status: '2', workOrders: null } })).toEqual({ status: '2', workOrders: [] });
    expect(dealtOf({ code: 200, data: { status: '2', workOrders: ['', 7, 'WO3'] } })).toEqual({ status: '2', workOrders: ['WO3'] });
    expect(dealtOf({ code: 200 })).toEqual({ status: '', workOrders: [] });
    // as the edge sends it: beside code and msg
    expect(dealtOf({ code: 200, msg: '操作成功', status: '2', workOrders: ['WO4'] })).toEqual({ status: '2', workOrders: ['WO4'] });
  });

  it("read a task's points in the order walked", () => {
    const point = (pointId: number, seq: number) => ({ pointId, seq, pointType: '1', refId: pointId, pointName: `P${seq}`, result: '', remark: '', workOrderId: null, workOrderNumber: '' });
    const detail = taskDetailOf({ code: 200, data: { taskId: 41, points: [point(2, 2), point(1, 1)] } });
    expect(detail.points.map((each) => each.seq)).toEqual([1, 2]);
    expect(detail.description).toBe('');
    expect(taskDetailOf({ code: 200, data: { taskId: 41 } }).points).toEqual([]);
  });
});

describe('the maintenance answers', () => {
  it('read the counts of the plan tabs, anything missing as 0', () => {
    expect(planCountsOf({ code: 200, data: { unfinished: 2, finished: 1, overdue: 1 } })).toEqual({ unfinished: 2, finished: 1, overdue: 1 });
    expect(planCountsOf({ code: 200, data: { finished: '1' } })).toEqual({ unfinished: 0, finished: 0, overdue: 0 });
    expect(planCountsOf({ code: 200 })).toEqual({ unfinished: 0, finished: 0, overdue: 0 });
  });

  it("read a write's id beside code, as the edge sends it, or in data", () => {
    expect(savedIdOf({ code: 200, msg: '操作成功', contractId: 74 }, 'contractId')).toBe(74);
    expect(savedIdOf({ code: 200, data: { planId: 84 } }, 'planId')).toBe(84);
    expect(savedIdOf({ code: 200, companyId: '62' }, 'companyId')).toBe(62);
    expect(savedIdOf({ code: 200 }, 'companyId')).toBe(0);
    expect(savedIdOf({ code: 200, companyId: 'x' }, 'companyId')).toBe(0);
  });
});
