import { describe, expect, it } from 'vitest';
import {
  allows,
  clip,
  isAtMost,
  isAttachmentCount,
  isLengthBetween,
  isNotPast,
  isPositiveId,
  isScore,
  NOTE_MAX,
  OPEN_STATUSES,
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
