import type { FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';

/**
 * The server's rules for a timing one-key (docs/api-compatibility.md, "Timing one-key
 * control"; spec section 5): the end after the start, the start not in the past (a minute's
 * grace: the minute under way still counts), at most 366 days, a remark of at most 200
 * characters. Times are wall times of the site's time zone, which the pickers hold as they
 * were picked: they are compared as wall times, against the present time of that zone.
 */
export const TIMING_REMARK_MAX = 200;
export const TIMING_DAYS_MAX = 366;
/** How the pickers show a time. */
export const TIMING_PICKER_FORMAT = 'YYYY-MM-DD HH:mm';
/** How the server takes it (YYYY-MM-DD HH:mm:ss, to the minute). */
export const TIMING_SENT_FORMAT = 'YYYY-MM-DD HH:mm:00';

const MINUTES_PER_DAY = 24 * 60;

/** The wall time a picker holds, 'YYYY-MM-DD HH:mm'; undefined while nothing valid is picked. */
export function wallTimeOf(value: unknown): string | undefined {
  return dayjs.isDayjs(value) && value.isValid() ? value.format(TIMING_PICKER_FORMAT) : undefined;
}

/**
 * The present wall time of the IANA zone `timeZone`, 'YYYY-MM-DD HH:mm' (`now` in ms); of the
 * browser's own zone without one, or with one it does not know.
 */
export function wallNow(timeZone?: string | null, now: number = Date.now()): string {
  if (timeZone) {
    try {
      const format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
      const parts = Object.fromEntries(format.formatToParts(new Date(now)).map((part) => [part.type, part.value]));
      return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
    } catch {
      // a zone this browser does not know: its own
    }
  }
  return dayjs(now).format(TIMING_PICKER_FORMAT);
}

/** Minutes from one wall time 'YYYY-MM-DD HH:mm' to another, as the calendar counts them. */
export function minutesBetween(from: string, to: string): number {
  const minutes = (wall: string) => {
    const [year = 0, month = 1, day = 1, hour = 0, minute = 0] = wall.split(/[- :]/).map(Number);
    return Date.UTC(year, month - 1, day, hour, minute) / 60_000;
  };
  return minutes(to) - minutes(from);
}

/** The start: none is left to the required rule; else not before the present minute `now` ('YYYY-MM-DD HH:mm'). */
export function isStartNotPast(start: unknown, now: string): boolean {
  const wall = wallTimeOf(start);
  return wall === undefined || wall >= now;
}

/** The end after the start; either missing is left to the required rules. */
export function isEndAfterStart(start: unknown, end: unknown): boolean {
  const [from, to] = [wallTimeOf(start), wallTimeOf(end)];
  return from === undefined || to === undefined || to > from;
}

/** At most 366 days from the start to the end; either missing is left to the required rules. */
export function isWithinMaxSpan(start: unknown, end: unknown): boolean {
  const [from, to] = [wallTimeOf(start), wallTimeOf(end)];
  return from === undefined || to === undefined || minutesBetween(from, to) <= TIMING_DAYS_MAX * MINUTES_PER_DAY;
}

/** A remark: none, or at most 200 characters once trimmed (counted as the server counts, by code point). */
export function isRemark(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  return typeof value === 'string' && Array.from(value.trim()).length <= TIMING_REMARK_MAX;
}

/** A day of a picker before `today` ('YYYY-MM-DD'): not offered. */
export function isBeforeDay(day: Dayjs, today: string): boolean {
  return day.format('YYYY-MM-DD') < today;
}

const rule =
  (ok: (value: unknown) => boolean, message: string): FormRule =>
  () => ({
    validator: (_rule, value: unknown) => (ok(value) ? Promise.resolve() : Promise.reject(new Error(message))),
  });

/** A rule of the end checked against the start (the end field has `dependencies={['startTime']}`). */
const endRule =
  (ok: (start: unknown, end: unknown) => boolean, message: string): FormRule =>
  ({ getFieldValue }) => ({
    validator: (_rule, value: unknown) => (ok(getFieldValue('startTime'), value) ? Promise.resolve() : Promise.reject(new Error(message))),
  });

/**
 * antd rules of the add dialog, messages in the current language (the spec's words); `now`
 * gives the present wall time of the site's zone when a rule runs.
 */
export function timingRules(t: TFunction, now: () => string) {
  return {
    switchState: [{ required: true, message: t('landscape.timingOneKey.rules.switchState') }],
    startTime: [
      { required: true, message: t('landscape.timingOneKey.rules.startTime') },
      rule((value) => isStartNotPast(value, now()), t('landscape.timingOneKey.rules.startPast')),
    ],
    endTime: [
      { required: true, message: t('landscape.timingOneKey.rules.endTime') },
      endRule(isEndAfterStart, t('landscape.timingOneKey.rules.endAfterStart')),
      endRule(isWithinMaxSpan, t('landscape.timingOneKey.rules.span', { days: TIMING_DAYS_MAX })),
    ],
    remark: [rule(isRemark, t('landscape.timingOneKey.rules.remark', { max: TIMING_REMARK_MAX }))],
  } satisfies Record<string, FormRule[]>;
}
