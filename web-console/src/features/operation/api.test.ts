import { describe, expect, it } from 'vitest';
import { dealtOf, taskCountsOf, taskDetailOf } from './api';

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
