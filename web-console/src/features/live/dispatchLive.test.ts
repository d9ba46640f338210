import { describe, expect, it, vi } from 'vitest';
import type { RootState } from '../../app/store';
import { dispatchLiveEvent, type LiveDeps } from './dispatchLive';
import type { WorkOrderOverdueEvent } from './events';

// This file does not load the work-order screen (features/operation), as the console before
// its page is first opened.
const overdue: WorkOrderOverdueEvent = {
  kind: 'overdue',
  workOrderId: 123,
  orderNumber: 'WO20261127000123',
  status: '1',
  handlerId: 1,
  dueTime: '2026-11-27 15:00:00',
};

/** What the live stream hands over, for a signed-in user of this id (none when undefined). */
function deps(userId: number | string | undefined) {
  const state = { auth: { user: userId === undefined ? null : { userId, userName: 'u', nickName: 'u', avatar: '' } } };
  const dispatch = vi.fn();
  const announceOverdue = vi.fn();
  const announce = vi.fn();
  const live: LiveDeps = {
    dispatch,
    getState: () => state as unknown as RootState,
    announce,
    announceOverdue,
  };
  return { live, dispatch, announce, announceOverdue };
}

describe('an overdue work order', () => {
  it('is announced to its handler only (a user id may come as a string)', () => {
    for (const [userId, event, told] of [
      [1, overdue, true],
      ['1', overdue, true],
      [2, overdue, false],
      [1, { ...overdue, handlerId: null }, false],
      [undefined, overdue, false],
    ] as const) {
      const { live, announce, announceOverdue } = deps(userId);
      dispatchLiveEvent({ type: 'workOrder', data: event }, live);
      expect(announceOverdue, `user ${String(userId)}, handler ${String(event.handlerId)}`).toHaveBeenCalledTimes(told ? 1 : 0);
      if (told) expect(announceOverdue).toHaveBeenCalledWith(event);
      expect(announce).not.toHaveBeenCalled();
    }
  });

  it('invalidates nothing before the work-order screen is loaded (nothing of it is cached)', () => {
    const { live, dispatch } = deps(1);
    dispatchLiveEvent({ type: 'workOrder', data: overdue }, live);
    dispatchLiveEvent({ type: 'resync' }, live);
    // the resync still invalidates the alarm and gateway tags
    expect(dispatch).toHaveBeenCalled();
    const actions = dispatch.mock.calls.map(([action]) => JSON.stringify(action));
    expect(actions.some((action) => action.includes('WorkOrder'))).toBe(false);
  });
});

describe('an alarm processed by its work order', () => {
  it('refreshes the alarm lists and the bell, without announcing anything', () => {
    const { live, dispatch, announce } = deps(1);
    const processed = {
      kind: 'processed' as const,
      alarmId: 41,
      alarmName: '回路过压',
      alarmLevel: '1',
      status: '2',
      deviceName: '北区网关',
      contentZh: '回路电压过高',
      contentEn: 'Loop voltage too high',
      alarmTime: '2026-05-01 10:00:00',
      endTime: null,
    };
    dispatchLiveEvent({ type: 'alarm', data: processed }, live);
    const actions = dispatch.mock.calls.map(([action]) => JSON.stringify(action));
    expect(actions.some((action) => action.includes('"Alarm"') && action.includes('"LIST"'))).toBe(true);
    expect(actions.some((action) => action.includes('AlarmOpenCount'))).toBe(true);
    expect(announce).not.toHaveBeenCalled();
  });
});
