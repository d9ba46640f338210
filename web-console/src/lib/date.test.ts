import { describe, expect, it } from 'vitest';
import { formatDate, toDate } from './date';

describe('formatDate', () => {
  const local = new Date(2024, 4, 1, 9, 5, 7);

  it('formats as YYYY-MM-DD HH:mm:ss by default', () => {
    expect(formatDate(local)).toBe('2024-05-01 09:05:07');
    expect(formatDate(local.getTime())).toBe('2024-05-01 09:05:07');
  });

  it('treats 10-digit numbers (and digit strings) as seconds', () => {
    const seconds = Math.floor(local.getTime() / 1000);
    expect(String(seconds)).toHaveLength(10);
    expect(formatDate(seconds)).toBe('2024-05-01 09:05:07');
    expect(formatDate(String(seconds))).toBe('2024-05-01 09:05:07');
    expect(formatDate(String(local.getTime()))).toBe('2024-05-01 09:05:07');
  });

  it('reads server date strings', () => {
    expect(formatDate('2024-05-01 09:05:07')).toBe('2024-05-01 09:05:07');
    expect(formatDate('2024-05-01T09:05:07.123')).toBe('2024-05-01 09:05:07');
  });

  it('takes other patterns', () => {
    expect(formatDate(local, 'YYYY/MM/DD')).toBe('2024/05/01');
    expect(formatDate(local, 'HH:mm')).toBe('09:05');
  });

  it('gives nothing for nothing', () => {
    expect(formatDate(undefined)).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(toDate({})).toBeUndefined();
  });
});
