import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import {
  allows,
  clip,
  dayOf,
  isAtMost,
  isAmount,
  isAttachmentCount,
  isCompanyPhone,
  isContractNumber,
  isLengthBetween,
  isMemberIds,
  isNotPast,
  isPlanDateNotPast,
  isPointCount,
  isPositiveId,
  isScore,
  isStartNotAfterEnd,
  isTimeOrder,
  isWithinContract,
  mayChangePlan,
  mayDeal,
  mayDeleteTask,
  moved,
  NOTE_MAX,
  OPEN_STATUSES,
  TASK_STATUSES,
  todayOf,
  urgencyOfAlarmLevel,
  WORK_ORDER_STATUSES,
} from './rules';
import type { WorkOrderAction } from './types';

describe('the work order state machine, as the server has it', () => {
  it('offers each action only from the statuses it starts from', () => {
    const table: Record<WorkOrderAction, string[]> = {
      dispatch: ['0'],
      assign: ['1'],
      complete: ['1'],
      return: ['1', '2'],
      confirm: ['2'],
      close: ['0', '1', '2'],
    };
    for (const [action, from] of Object.entries(table) as [WorkOrderAction, string[]][]) {
      for (const status of WORK_ORDER_STATUSES) {
        expect(allows(status, action), `${action} from ${status}`).toBe(from.includes(status));
      }
    }
  });

  it('leaves completed and closed orders without actions', () => {
    expect(OPEN_STATUSES).toEqual(['0', '1', '2']);
    for (const action of ['dispatch', 'assign', 'complete', 'return', 'confirm', 'close'] as const) {
      expect(allows('3', action)).toBe(false);
      expect(allows('4', action)).toBe(false);
      expect(allows('', action)).toBe(false);
    }
  });
});

describe('the work order rules', () => {
  it('notes: 1 to 500 characters once trimmed, counted as the server counts them', () => {
    expect(isLengthBetween('灯已更换', 1, NOTE_MAX)).toBe(true);
    expect(isLengthBetween('  x  ', 1, 1)).toBe(true);
    expect(isLengthBetween('   ', 1, NOTE_MAX)).toBe(false);
    expect(isLengthBetween(undefined, 1, NOTE_MAX)).toBe(false);
    expect(isLengthBetween('a'.repeat(NOTE_MAX), 1, NOTE_MAX)).toBe(true);
    expect(isLengthBetween('a'.repeat(NOTE_MAX + 1), 1, NOTE_MAX)).toBe(false);
    // one character outside the basic plane is one character
    expect(isLengthBetween('😀'.repeat(NOTE_MAX), 1, NOTE_MAX)).toBe(true);
    expect(isAtMost(undefined, 10)).toBe(true);
    expect(isAtMost('', 10)).toBe(true);
    expect(isAtMost('a'.repeat(11), 10)).toBe(false);
  });

  it('scores: whole numbers from 1 to 5; an untouched or cleared Rate is refused', () => {
    for (const score of [1, 2, 3, 4, 5]) expect(isScore(score), String(score)).toBe(true);
    for (const score of [0, 6, 2.5, -1, '5', undefined, null, Number.NaN]) expect(isScore(score), String(score)).toBe(false);
  });

  it('ids: whole numbers above 0, typed or picked', () => {
    for (const id of [1, 42, '7', ' 12 ']) expect(isPositiveId(id), String(id)).toBe(true);
    for (const id of [0, -3, 1.5, '', '0', 'abc', '1e3', undefined, null]) expect(isPositiveId(id), String(id)).toBe(false);
  });

  it('expected times: none, or not before now', () => {
    const now = Date.parse('2026-05-01T10:00:00');
    expect(isNotPast(undefined, now)).toBe(true);
    expect(isNotPast(null, now)).toBe(true);
    expect(isNotPast(new Date('2026-05-01T10:00:00'), now)).toBe(true);
    expect(isNotPast(new Date('2026-05-02T08:00:00'), now)).toBe(true);
    expect(isNotPast(new Date('2026-05-01T09:59:59'), now)).toBe(false);
    expect(isNotPast(new Date('invalid'), now)).toBe(false);
  });

  it('attachments: at most nine', () => {
    expect(isAttachmentCount(undefined)).toBe(true);
    expect(isAttachmentCount(Array.from({ length: 9 }, (_, index) => `/a/${index}.png`))).toBe(true);
    expect(isAttachmentCount(Array.from({ length: 10 }, (_, index) => `/a/${index}.png`))).toBe(false);
  });
});

describe("an alarm's work order", () => {
  it('is as urgent as the alarm, as the server sets it: serious urgent, main high, else normal', () => {
    expect(urgencyOfAlarmLevel('1')).toBe('1');
    expect(urgencyOfAlarmLevel('2')).toBe('2');
    expect(urgencyOfAlarmLevel('3')).toBe('3');
    expect(urgencyOfAlarmLevel('')).toBe('3');
    expect(urgencyOfAlarmLevel('9')).toBe('3');
  });

  it('clips texts to the characters the server counts', () => {
    expect(clip('北区网关', 200)).toBe('北区网关');
    expect(clip('abcdef', 3)).toBe('abc');
    // a character outside the basic plane is never cut in half
    expect(clip('😀😀😀', 2)).toBe('😀😀');
  });
});

describe('the inspection rules', () => {
  it('deals only with a task that is doing, and keeps a finished one', () => {
    expect(TASK_STATUSES.filter(mayDeal)).toEqual(['1']);
    expect(TASK_STATUSES.filter(mayDeleteTask)).toEqual(['0', '1', '3']);
    expect(mayDeal('')).toBe(false);
  });

  it("reads a plan's day from a picked date or a YYYY-MM-DD text", () => {
    expect(dayOf(dayjs('2026-05-10T23:30:00'))).toBe('2026-05-10');
    expect(dayOf('2026-05-10')).toBe('2026-05-10');
    for (const value of ['2026-5-10', '10/05/2026', '', undefined, null, 20260510, dayjs('nonsense')]) expect(dayOf(value), String(value)).toBeUndefined();
  });

  it("today is the browser's day", () => {
    expect(todayOf(new Date(2026, 4, 10, 0, 0, 1).getTime())).toBe('2026-05-10');
    expect(todayOf(new Date(2026, 11, 31, 23, 59, 59).getTime())).toBe('2026-12-31');
  });

  it("plan dates: not before today, but an edit may keep the plan's own start", () => {
    const today = '2026-05-10';
    expect(isPlanDateNotPast(dayjs('2026-05-10'), today)).toBe(true);
    expect(isPlanDateNotPast(dayjs('2026-06-01'), today)).toBe(true);
    expect(isPlanDateNotPast(dayjs('2026-05-09'), today)).toBe(false);
    expect(isPlanDateNotPast(dayjs('2026-05-01'), today, '2026-05-01')).toBe(true);
    expect(isPlanDateNotPast(dayjs('2026-05-02'), today, '2026-05-01')).toBe(false);
    // none is the required rule's to refuse; something unreadable is refused
    expect(isPlanDateNotPast(undefined, today)).toBe(true);
    expect(isPlanDateNotPast(null, today)).toBe(true);
    expect(isPlanDateNotPast('soon', today)).toBe(false);
  });

  it('plan dates: the start is not after the end (the same day is fine)', () => {
    expect(isStartNotAfterEnd(dayjs('2026-05-10'), dayjs('2026-05-10'))).toBe(true);
    expect(isStartNotAfterEnd(dayjs('2026-05-10'), dayjs('2026-05-17'))).toBe(true);
    expect(isStartNotAfterEnd(dayjs('2026-05-11'), dayjs('2026-05-10'))).toBe(false);
    // the time of day is not a plan's
    expect(isStartNotAfterEnd(dayjs('2026-05-10T18:00:00'), dayjs('2026-05-10T08:00:00'))).toBe(true);
    expect(isStartNotAfterEnd(undefined, dayjs('2026-05-10'))).toBe(true);
    expect(isStartNotAfterEnd(dayjs('2026-05-10'), null)).toBe(true);
  });

  it('task times: the start is not later than the end', () => {
    expect(isTimeOrder(dayjs('2026-05-10T08:00:00'), dayjs('2026-05-10T08:00:00'))).toBe(true);
    expect(isTimeOrder(dayjs('2026-05-10T08:00:00'), dayjs('2026-05-10T18:00:00'))).toBe(true);
    expect(isTimeOrder(dayjs('2026-05-10T08:00:01'), dayjs('2026-05-10T08:00:00'))).toBe(false);
    expect(isTimeOrder(undefined, dayjs('2026-05-10T08:00:00'))).toBe(true);
  });

  it('team members: 1 to 50 user ids', () => {
    expect(isMemberIds([1])).toBe(true);
    expect(isMemberIds(Array.from({ length: 50 }, (_, index) => index + 1))).toBe(true);
    expect(isMemberIds(Array.from({ length: 51 }, (_, index) => index + 1))).toBe(false);
    expect(isMemberIds([])).toBe(false);
    expect(isMemberIds(undefined)).toBe(false);
    expect(isMemberIds([5, 'abc'])).toBe(false);
    expect(isMemberIds([0])).toBe(false);
  });

  it('route points: 1 to 100', () => {
    expect(isPointCount([{}])).toBe(true);
    expect(isPointCount(Array.from({ length: 100 }, () => ({})))).toBe(true);
    expect(isPointCount(Array.from({ length: 101 }, () => ({})))).toBe(false);
    expect(isPointCount([])).toBe(false);
    expect(isPointCount(undefined)).toBe(false);
  });

  it('moves a point one place up or down, never out of the list', () => {
    const points = ['a', 'b', 'c'];
    expect(moved(points, 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moved(points, 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(points, 0, -1)).toEqual(points);
    expect(moved(points, 2, 1)).toEqual(points);
    expect(moved(points, 5, 1)).toEqual(points);
    // a new list: the form sees a change
    expect(moved(points, 0, 1)).not.toBe(points);
    expect(points).toEqual(['a', 'b', 'c']);
  });
});

describe('the maintenance rules', () => {
  it('finishes, edits and deletes an unfinished plan only', () => {
    expect(mayChangePlan('0')).toBe(true);
    expect(mayChangePlan('1')).toBe(false);
    expect(mayChangePlan('')).toBe(false);
  });

  it('contract numbers: letters, digits, underscore and hyphen, 1 to 32', () => {
    for (const number of ['WB-2026-001', 'wb_1', ' HT-01 ', 'A'.repeat(32)]) expect(isContractNumber(number), number).toBe(true);
    for (const number of ['', '   ', 'WB 2026', 'WB/2026', '合同01', 'A'.repeat(33), undefined, 12]) expect(isContractNumber(number), String(number)).toBe(false);
  });

  it('amounts: none, or 0 to 999,999,999.99 with at most two decimals', () => {
    for (const amount of [undefined, null, '', '0', '12', '12.5', '12.50', ' 186000 ', '999999999.99', 7]) expect(isAmount(amount), String(amount)).toBe(true);
    for (const amount of ['12.345', '-1', '1e5', '1,000', '.5', '5.', '1000000000', 'abc', '１２', 1.234]) expect(isAmount(amount), String(amount)).toBe(false);
  });

  it('phones: none, or 11 digits starting with 1, the second 3 to 9 (spec section 5)', () => {
    for (const phone of [undefined, null, '', '13800138000', '19912345678']) expect(isCompanyPhone(phone), String(phone)).toBe(true);
    for (const phone of ['12800138000', '1380013800', '138001380000', '23800138000', '1380013800a', 13800138000]) expect(isCompanyPhone(phone), String(phone)).toBe(false);
  });

  it("plan dates: within the contract's dates, both ends included", () => {
    const contract = { startDate: '2026-05-01', endDate: '2026-05-25' };
    expect(isWithinContract(dayjs('2026-05-01'), contract)).toBe(true);
    expect(isWithinContract('2026-05-25', contract)).toBe(true);
    expect(isWithinContract(dayjs('2026-04-30'), contract)).toBe(false);
    expect(isWithinContract('2026-05-26', contract)).toBe(false);
    // nothing to check yet: left to the other rules
    expect(isWithinContract(undefined, contract)).toBe(true);
    expect(isWithinContract('2026-05-26', undefined)).toBe(true);
  });
});
