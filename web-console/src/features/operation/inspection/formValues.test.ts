import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { addressTree, doingTaskDetail, eastTeam, riversideRoute } from '../fixtures';
import { toChange as planChange, toValues as planValues } from './plans/formValues';
import { addressName, addressOptions, gatewayLabel, isOnRoute, pointsSummary, toChange as routeChange } from './routes/formValues';
import { dealValuesOf, toChange as taskChange, toDeal } from './tasks/formValues';
import { memberNamesOf, normalizeIds, toChange as teamChange, toValues as teamValues } from './teams/formValues';

describe('dealing with a task', () => {
  it('starts every point without a result or a work order, the question "other" once one is raised', () => {
    expect(dealValuesOf(doingTaskDetail, '5')).toEqual({
      description: '',
      results: [
        { result: undefined, remark: '', workOrder: false, questionType: '5' },
        { result: undefined, remark: '', workOrder: false, questionType: '5' },
      ],
    });
  });

  it('sends every point; a work order only for an abnormal point that asks for one', () => {
    const body = toDeal(doingTaskDetail, {
      description: '  柜门松动  ',
      results: [
        { result: '2', remark: ' 柜门松动 ', workOrder: true, questionType: '4' },
        // a work order asked for and the point then set normal: none
        { result: '1', remark: '', workOrder: true, questionType: '4' },
      ],
    });
    expect(body).toEqual({
      taskId: 41,
      description: '柜门松动',
      results: [
        { pointId: 501, result: '2', remark: '柜门松动', workOrder: true, questionType: '4' },
        { pointId: 502, result: '1', remark: '', workOrder: false, questionType: '' },
      ],
    });
    // an abnormal point without a work order
    expect(toDeal(doingTaskDetail, { description: 'x', results: [{ result: '2', workOrder: false, questionType: '4' }] }).results[0]).toEqual({
      pointId: 501,
      result: '2',
      remark: '',
      workOrder: false,
      questionType: '',
    });
  });
});

describe('the dialogs send what the server takes', () => {
  it('a task: times as YYYY-MM-DD HH:mm:ss', () => {
    expect(taskChange({ taskName: ' 夜巡 ', routeId: 21, teamId: 11, startTime: dayjs('2026-05-03T18:00:00'), endTime: dayjs('2026-05-03T22:30:00') })).toEqual({
      taskName: '夜巡',
      routeId: 21,
      teamId: 11,
      startTime: '2026-05-03 18:00:00',
      endTime: '2026-05-03 22:30:00',
    });
  });

  it('a plan: dates as YYYY-MM-DD, and back', () => {
    const values = { planName: ' 每日 ', routeId: 21, teamId: 11, period: '1', startDate: dayjs('2026-05-10'), endDate: dayjs('2026-05-17'), status: '0', remark: ' ' };
    expect(planChange(values)).toEqual({ planName: '每日', routeId: 21, teamId: 11, period: '1', startDate: '2026-05-10', endDate: '2026-05-17', status: '0', remark: '' });
    const back = planValues({ ...planChange(values), planId: 1, routeName: '', teamName: '', createTime: null });
    expect(back.startDate?.format('YYYY-MM-DD')).toBe('2026-05-10');
    expect(back.endDate?.format('YYYY-MM-DD')).toBe('2026-05-17');
  });

  it('a route: its points in order, without their names', () => {
    expect(gatewayLabel({ gatewayName: '北区网关', gatewayNumber: 'GW-0007' })).toBe('北区网关 (GW-0007)');
    expect(gatewayLabel({ gatewayName: '北区网关', gatewayNumber: '' })).toBe('北区网关');
    expect(routeChange({ routeName: ' 夜巡 ', points: riversideRoute.points })).toEqual({
      routeName: '夜巡',
      points: [
        { pointType: '1', refId: 7 },
        { pointType: '2', refId: 302 },
      ],
      remark: '',
    });
    expect(pointsSummary(riversideRoute.points)).toBe('北区网关 (GW-0007) → 观景步道');
    expect(isOnRoute(riversideRoute.points, '2', 302)).toBe(true);
    // a gateway and an address may have the same id
    expect(isOnRoute(riversideRoute.points, '1', 302)).toBe(false);
  });

  it("the address picker: the project's tree, the addresses on the route disabled", () => {
    expect(addressOptions(addressTree, new Set([302]))).toEqual([
      {
        value: 300,
        title: '滨江公园',
        disabled: undefined,
        children: [{ value: 301, title: '东区', disabled: undefined, children: [{ value: 302, title: '观景步道', disabled: true, children: undefined }] }],
      },
    ]);
    expect(addressName(addressTree, 302)).toBe('观景步道');
    expect(addressName(addressTree, 999)).toBeUndefined();
  });

  it('a team: each member once, typed ids as numbers', () => {
    expect(teamValues(eastTeam)).toEqual({ teamName: '东区夜巡组', memberIds: [5, 6], remark: '夜间巡检' });
    expect(teamChange({ teamName: ' 夜巡 ', memberIds: [5, 6, 5] })).toEqual({ teamName: '夜巡', memberIds: [5, 6], remark: '' });
    expect(normalizeIds(['7', ' 8 ', 9, 'abc'])).toEqual([7, 8, 9, 'abc']);
    expect(normalizeIds(undefined)).toEqual([]);
    expect(memberNamesOf(eastTeam)).toBe('张三、李四');
    expect(memberNamesOf({ ...eastTeam, memberNames: '' })).toBe('张三、李四');
  });
});
