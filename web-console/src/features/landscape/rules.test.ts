import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import {
  isBeforeDay,
  isEndAfterStart,
  isRemark,
  isStartNotPast,
  isWithinMaxSpan,
  minutesBetween,
  TIMING_DAYS_MAX,
  TIMING_REMARK_MAX,
  timingRules,
  wallNow,
  wallTimeOf,
} from './rules';
import { toChange } from './timingOneKey/formValues';
import './i18n';

/** A picked time, as the pickers hold it. */
const at = (wall: string) => dayjs(wall);

/** Runs an antd rule (a function of the form) on a value, with the form's other fields; answers 'ok' or the message. */
async function run(rule: unknown, value: unknown, fields: Record<string, unknown> = {}): Promise<string> {
  const made = typeof rule === 'function' ? (rule as (form: unknown) => { validator: (r: unknown, v: unknown) => Promise<void> })({ getFieldValue: (name: string) => fields[name] }) : undefined;
  if (!made) throw new Error('not a validator rule');
  return made.validator({}, value).then(
    () => 'ok',
    (error: Error) => error.message,
  );
}

describe('timing one-key rules', () => {
  it('reads a picked time as its wall time, to the minute', () => {
    expect(wallTimeOf(at('2026-05-11 01:00'))).toBe('2026-05-11 01:00');
    expect(wallTimeOf(dayjs('2026-05-11T01:00:42'))).toBe('2026-05-11 01:00');
    expect(wallTimeOf(dayjs('not a time'))).toBeUndefined();
    expect(wallTimeOf('2026-05-11 01:00')).toBeUndefined();
    expect(wallTimeOf(null)).toBeUndefined();
    expect(wallTimeOf(undefined)).toBeUndefined();
  });

  it("gives the present wall time of the site's zone, the browser's without one or for one it does not know", () => {
    const instant = Date.parse('2026-05-10T18:30:15Z');
    expect(wallNow('Asia/Shanghai', instant)).toBe('2026-05-11 02:30');
    expect(wallNow('Europe/Berlin', instant)).toBe('2026-05-10 20:30');
    expect(wallNow('America/New_York', instant)).toBe('2026-05-10 14:30');
    // midnight is 00, not 24
    expect(wallNow('Asia/Shanghai', Date.parse('2026-05-10T16:00:00Z'))).toBe('2026-05-11 00:00');
    const local = dayjs(instant).format('YYYY-MM-DD HH:mm');
    expect(wallNow(undefined, instant)).toBe(local);
    expect(wallNow(null, instant)).toBe(local);
    expect(wallNow('Not/AZone', instant)).toBe(local);
  });

  it('counts minutes between wall times as the calendar does', () => {
    expect(minutesBetween('2026-05-11 01:00', '2026-05-11 03:00')).toBe(120);
    expect(minutesBetween('2026-05-11 03:00', '2026-05-11 01:00')).toBe(-120);
    expect(minutesBetween('2026-12-31 23:30', '2027-01-01 00:15')).toBe(45);
    // a leap year's February
    expect(minutesBetween('2028-02-28 00:00', '2028-03-01 00:00')).toBe(2 * 24 * 60);
  });

  it('the start cannot be in the past: the minute under way still counts', () => {
    const now = '2026-05-10 10:05';
    expect(isStartNotPast(at('2026-05-10 10:05'), now)).toBe(true);
    expect(isStartNotPast(at('2026-05-10 10:06'), now)).toBe(true);
    expect(isStartNotPast(at('2026-05-11 00:00'), now)).toBe(true);
    expect(isStartNotPast(at('2026-05-10 10:04'), now)).toBe(false);
    expect(isStartNotPast(at('2026-05-09 23:59'), now)).toBe(false);
    // nothing picked is the required rule's
    expect(isStartNotPast(undefined, now)).toBe(true);
    expect(isStartNotPast(null, now)).toBe(true);
  });

  it('the end must be after the start', () => {
    expect(isEndAfterStart(at('2026-05-11 01:00'), at('2026-05-11 03:00'))).toBe(true);
    expect(isEndAfterStart(at('2026-05-11 01:00'), at('2026-05-11 01:01'))).toBe(true);
    expect(isEndAfterStart(at('2026-05-11 01:00'), at('2026-05-11 01:00'))).toBe(false);
    expect(isEndAfterStart(at('2026-05-11 03:00'), at('2026-05-11 01:00'))).toBe(false);
    expect(isEndAfterStart(at('2026-05-12 00:00'), at('2026-05-11 23:59'))).toBe(false);
    expect(isEndAfterStart(undefined, at('2026-05-11 01:00'))).toBe(true);
    expect(isEndAfterStart(at('2026-05-11 01:00'), undefined)).toBe(true);
  });

  it('lasts at most 366 days', () => {
    expect(TIMING_DAYS_MAX).toBe(366);
    expect(isWithinMaxSpan(at('2026-05-11 01:00'), at('2027-05-12 01:00'))).toBe(true);
    expect(isWithinMaxSpan(at('2026-05-11 01:00'), at('2027-05-12 01:01'))).toBe(false);
    expect(isWithinMaxSpan(at('2027-05-11 01:00'), at('2028-05-11 01:00'))).toBe(true);
    expect(isWithinMaxSpan(at('2027-05-11 01:00'), at('2028-05-11 01:01'))).toBe(false);
    expect(isWithinMaxSpan(undefined, at('2030-01-01 00:00'))).toBe(true);
  });

  it('remarks: none, or at most 200 characters once trimmed, counted as characters', () => {
    expect(TIMING_REMARK_MAX).toBe(200);
    expect(isRemark(undefined)).toBe(true);
    expect(isRemark(null)).toBe(true);
    expect(isRemark('')).toBe(true);
    expect(isRemark('x'.repeat(200))).toBe(true);
    expect(isRemark(`  ${'x'.repeat(200)}  `)).toBe(true);
    expect(isRemark('😀'.repeat(200))).toBe(true);
    expect(isRemark('x'.repeat(201))).toBe(false);
    expect(isRemark(12)).toBe(false);
  });

  it('days before today are not offered', () => {
    expect(isBeforeDay(at('2026-05-09 23:59'), '2026-05-10')).toBe(true);
    expect(isBeforeDay(at('2026-05-10 00:00'), '2026-05-10')).toBe(false);
    expect(isBeforeDay(at('2026-05-11 00:00'), '2026-05-10')).toBe(false);
  });

  it("the form's rules, in the spec's words in both languages", async () => {
    for (const [language, words] of [
      ['zh-CN', { past: '开始时间不能早于当前时间', order: '结束时间必须晚于开始时间', span: '定时时长不能超过366天', remark: '备注不能超过200个字符' }],
      ['en', { past: 'The start cannot be in the past', order: 'The end date must be after the start date', span: 'A timing lasts at most 366 days', remark: 'The remark is at most 200 characters' }],
    ] as const) {
      const t = i18n.getFixedT(language);
      const rules = timingRules(t, () => '2026-05-10 10:05');
      const start = at('2026-05-11 01:00');
      expect(await run(rules.startTime[1], at('2026-05-10 10:04'))).toBe(words.past);
      expect(await run(rules.startTime[1], start)).toBe('ok');
      expect(await run(rules.endTime[1], at('2026-05-11 00:59'), { startTime: start })).toBe(words.order);
      expect(await run(rules.endTime[1], at('2026-05-11 01:00'), { startTime: start })).toBe(words.order);
      expect(await run(rules.endTime[1], at('2026-05-11 03:00'), { startTime: start })).toBe('ok');
      expect(await run(rules.endTime[2], at('2027-05-13 01:00'), { startTime: start })).toBe(words.span);
      expect(await run(rules.endTime[2], at('2027-05-12 01:00'), { startTime: start })).toBe('ok');
      expect(await run(rules.remark[0], 'x'.repeat(201))).toBe(words.remark);
      expect(await run(rules.remark[0], ' 检修 ')).toBe('ok');
    }
    const required = timingRules(i18n.getFixedT('en'), () => '2026-05-10 10:05');
    expect(required.switchState[0]).toEqual({ required: true, message: 'Choose whether to switch on or off' });
    expect(required.startTime[0]).toEqual({ required: true, message: 'Please choose the start time' });
    expect(required.endTime[0]).toEqual({ required: true, message: 'Please choose the end time' });
  });

  it('sends wall times with seconds and the remark trimmed', () => {
    expect(toChange({ switchState: '0', startTime: at('2026-05-11 01:00'), endTime: dayjs('2026-05-11T03:00:37'), remark: ' 检修 ' })).toEqual({
      switchState: '0',
      startTime: '2026-05-11 01:00:00',
      endTime: '2026-05-11 03:00:00',
      remark: '检修',
    });
    expect(toChange({ switchState: '1', startTime: at('2026-05-11 01:00'), endTime: at('2026-05-11 03:00') }).remark).toBe('');
  });
});
