import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { axisLabel, comparedPeriod, defaultRange, periodOf, rebuildPeriod } from './period';

const TODAY = dayjs('2026-05-10T10:00:00');
const days = (range: [dayjs.Dayjs, dayjs.Dayjs]) => range.map((day) => day.format('YYYY-MM-DD'));

describe('energy periods', () => {
  it('open today by the hour, the last 30 days by the day, this year by the month, the last 5 years by the year', () => {
    expect(days(defaultRange('hour', TODAY))).toEqual(['2026-05-10', '2026-05-10']);
    expect(days(defaultRange('day', TODAY))).toEqual(['2026-04-11', '2026-05-10']);
    expect(days(defaultRange('month', TODAY))).toEqual(['2026-01-01', '2026-12-01']);
    expect(days(defaultRange('year', TODAY))).toEqual(['2022-01-01', '2026-01-01']);
  });

  it('ask for whole months and years', () => {
    expect(periodOf('day', [dayjs('2026-04-11'), dayjs('2026-05-10')])).toEqual({ beginTime: '2026-04-11', endTime: '2026-05-10' });
    expect(periodOf('month', [dayjs('2026-02-14'), dayjs('2026-02-14')])).toEqual({ beginTime: '2026-02-01', endTime: '2026-02-28' });
    expect(periodOf('year', defaultRange('year', TODAY))).toEqual({ beginTime: '2022-01-01', endTime: '2026-12-31' });
  });

  it('compare with the period just before, of the same length, or the same period last year', () => {
    expect(comparedPeriod('day', { beginTime: '2026-04-11', endTime: '2026-05-10' }, 'previous')).toEqual({ beginTime: '2026-03-12', endTime: '2026-04-10' });
    expect(comparedPeriod('hour', { beginTime: '2026-05-10', endTime: '2026-05-10' }, 'previous')).toEqual({ beginTime: '2026-05-09', endTime: '2026-05-09' });
    expect(comparedPeriod('month', { beginTime: '2026-01-01', endTime: '2026-12-31' }, 'previous')).toEqual({ beginTime: '2025-01-01', endTime: '2025-12-31' });
    expect(comparedPeriod('month', { beginTime: '2026-03-01', endTime: '2026-04-30' }, 'previous')).toEqual({ beginTime: '2026-01-01', endTime: '2026-02-28' });
    expect(comparedPeriod('year', { beginTime: '2022-01-01', endTime: '2026-12-31' }, 'previous')).toEqual({ beginTime: '2017-01-01', endTime: '2021-12-31' });
    expect(comparedPeriod('day', { beginTime: '2026-04-11', endTime: '2026-05-10' }, 'lastYear')).toEqual({ beginTime: '2025-04-11', endTime: '2025-05-10' });
    // a leap day reads as the 28th; a leap February as the whole February before
    expect(comparedPeriod('day', { beginTime: '2028-02-29', endTime: '2028-02-29' }, 'lastYear')).toEqual({ beginTime: '2027-02-28', endTime: '2027-02-28' });
    expect(comparedPeriod('month', { beginTime: '2028-02-01', endTime: '2028-02-29' }, 'lastYear')).toEqual({ beginTime: '2027-02-01', endTime: '2027-02-28' });
  });

  it('shorten the buckets on the axis', () => {
    expect(axisLabel('hour', '2026-05-10 13:00')).toBe('05-10 13:00');
    expect(axisLabel('day', '2026-05-10')).toBe('05-10');
    expect(axisLabel('month', '2026-05')).toBe('2026-05');
  });

  it('rebuild up to today, and nothing of a period not begun', () => {
    expect(rebuildPeriod({ beginTime: '2026-04-11', endTime: '2026-05-10' }, TODAY)).toEqual({ beginTime: '2026-04-11', endTime: '2026-05-10' });
    expect(rebuildPeriod({ beginTime: '2026-01-01', endTime: '2026-12-31' }, TODAY)).toEqual({ beginTime: '2026-01-01', endTime: '2026-05-10' });
    expect(rebuildPeriod({ beginTime: '2026-06-01', endTime: '2026-06-30' }, TODAY)).toBeUndefined();
  });
});
