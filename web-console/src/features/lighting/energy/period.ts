import dayjs, { type Dayjs } from 'dayjs';
import type { EnergyGranularity } from '../types';

/** The granularities, in the order they are offered. */
export const GRANULARITIES: readonly EnergyGranularity[] = ['hour', 'day', 'month', 'year'];

/** What the period is compared with: nothing, the period just before it, the same period a year before. */
export type Compare = 'none' | 'previous' | 'lastYear';
export const COMPARES: readonly Compare[] = ['none', 'previous', 'lastYear'];

/** The days the server is asked for: local dates, inclusive (YYYY-MM-DD). */
export interface Period {
  beginTime: string;
  endTime: string;
}

const DAY = 'YYYY-MM-DD';

/** The unit a granularity's range is whole in: days for hours and days, else months or years. */
const UNITS: Record<EnergyGranularity, 'day' | 'month' | 'year'> = { hour: 'day', day: 'day', month: 'month', year: 'year' };

/** The range picker of a granularity: days for hours and days, months, years. */
export const PICKERS: Record<EnergyGranularity, 'date' | 'month' | 'year'> = { hour: 'date', day: 'date', month: 'month', year: 'year' };

/** How the range picker writes a granularity's range. */
export const PICKER_FORMATS: Record<EnergyGranularity, string> = { hour: DAY, day: DAY, month: 'YYYY-MM', year: 'YYYY' };

/**
 * The range a granularity opens with: today by the hour, the last 30 days including today by
 * the day, January to December of this year by the month, the last 5 years by the year.
 */
export function defaultRange(granularity: EnergyGranularity, today: Dayjs = dayjs()): [Dayjs, Dayjs] {
  const day = today.startOf('day');
  const year = day.startOf('year');
  switch (granularity) {
    case 'hour':
      return [day, day];
    case 'day':
      return [day.subtract(29, 'day'), day];
    case 'month':
      return [year, year.month(11)];
    case 'year':
      return [year.subtract(4, 'year'), year];
  }
}

/** The days a picked range covers: whole months or years for those granularities. */
export function periodOf(granularity: EnergyGranularity, [begin, end]: readonly [Dayjs, Dayjs]): Period {
  const unit = UNITS[granularity];
  return { beginTime: begin.startOf(unit).format(DAY), endTime: end.endOf(unit).format(DAY) };
}

/**
 * The period compared with: the same number of days, months or years just before (the
 * previous period), or the same period a year before (29 February reads as the 28th).
 */
export function comparedPeriod(granularity: EnergyGranularity, period: Period, compare: Exclude<Compare, 'none'>): Period {
  const unit = UNITS[granularity];
  const begin = dayjs(period.beginTime);
  const end = dayjs(period.endTime);
  if (compare === 'lastYear') {
    return { beginTime: begin.subtract(1, 'year').startOf(unit).format(DAY), endTime: end.subtract(1, 'year').endOf(unit).format(DAY) };
  }
  const length = end.diff(begin, unit) + 1;
  return { beginTime: begin.subtract(length, unit).format(DAY), endTime: begin.subtract(1, 'day').format(DAY) };
}

/** A bucket's name on a chart's axis: the hour and the day ('05-10 13:00'), the day ('05-10'), the month or the year. */
export function axisLabel(granularity: EnergyGranularity, time: string): string {
  return granularity === 'hour' || granularity === 'day' ? time.slice(5) : time;
}

/**
 * The days a rebuild recomputes for a period: up to today (the future has no readings), or
 * none when the period has not begun.
 */
export function rebuildPeriod(period: Period, today: Dayjs = dayjs()): Period | undefined {
  const last = today.format(DAY);
  if (period.beginTime > last) return undefined;
  return { beginTime: period.beginTime, endTime: period.endTime < last ? period.endTime : last };
}
