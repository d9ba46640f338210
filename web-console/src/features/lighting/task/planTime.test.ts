import { describe, expect, it } from 'vitest';
import { clockAt, clockOf, planAxis, wallAt, wallInWindow } from './planTime';

const utc = (text: string) => Date.parse(`${text}Z`);
const HOUR = 3_600_000;

describe("tonight's plan times", () => {
  it("read instants by the site's clock", () => {
    expect(wallAt(utc('2026-05-01T12:00:00'), 'Asia/Shanghai')).toBe('2026-05-01 20:00:00');
    expect(clockAt(utc('2026-05-01T16:00:00'), 'Asia/Shanghai')).toBe('00:00');
    expect(clockAt(utc('2026-05-01T20:05:00'), 'UTC')).toBe('20:05');
    // an unknown zone reads as UTC
    expect(wallAt(utc('2026-05-01T20:00:00'), 'Nowhere/Atlantis')).toBe('2026-05-01 20:00:00');
  });

  it('lay the window out from its instants, 12:00 to 12:00', () => {
    const from = utc('2026-05-01T04:00:00');
    const axis = planAxis(from, from + 24 * HOUR, 'Asia/Shanghai');
    expect(axis?.ticks.map((tick) => tick.label)).toEqual(['12:00', '15:00', '18:00', '21:00', '00:00', '03:00', '06:00', '09:00', '12:00']);
    expect(axis?.ticks.map((tick) => tick.position)).toEqual([0, 12.5, 25, 37.5, 50, 62.5, 75, 87.5, 100]);
    expect(axis?.at(utc('2026-05-01T16:00:00'))).toBe(50);
    expect(axis?.at(from - HOUR)).toBe(0);
    expect(axis?.at(from + 30 * HOUR)).toBe(100);
    expect(axis?.atWall('2026-05-01 18:45:00')).toBeCloseTo((6.75 / 24) * 100);
    expect(planAxis(from, from, 'Asia/Shanghai')).toBeUndefined();
    expect(planAxis(Number.NaN, from, 'Asia/Shanghai')).toBeUndefined();
  });

  it('a spring night is an hour shorter and skips the hour the clocks skip', () => {
    // Berlin, 2026-03-29: 02:00 CET becomes 03:00 CEST
    const spring = planAxis(utc('2026-03-28T11:00:00'), utc('2026-03-29T10:00:00'), 'Europe/Berlin');
    expect(spring && (spring.to - spring.from) / HOUR).toBe(23);
    expect(spring?.ticks.map((tick) => tick.label)).toEqual(['12:00', '15:00', '18:00', '21:00', '00:00', '03:00', '06:00', '09:00', '12:00']);
    // 03:00 CEST is 14 real hours after 12:00 CET
    expect(spring?.ticks[5]?.position).toBeCloseTo((14 / 23) * 100);
    expect(spring?.atWall('2026-03-29 03:00:00')).toBeCloseTo((14 / 23) * 100);
    // a time the clocks skip is not on the timeline
    expect(spring?.atWall('2026-03-29 02:30:00')).toBeUndefined();
  });

  it('an autumn night is an hour longer: wall times after the change are placed by the later offset', () => {
    // Berlin, 2026-10-25: 03:00 CEST becomes 02:00 CET
    const from = utc('2026-10-24T10:00:00');
    const to = utc('2026-10-25T11:00:00');
    const autumn = planAxis(from, to, 'Europe/Berlin');
    expect(autumn && (autumn.to - autumn.from) / HOUR).toBe(25);
    expect(autumn?.ticks.map((tick) => tick.label)).toEqual(['12:00', '15:00', '18:00', '21:00', '00:00', '03:00', '06:00', '09:00', '12:00']);
    // 03:00 CET is 15 + 1 real hours after 12:00 CEST
    expect(autumn?.ticks[5]?.position).toBeCloseTo((16 / 25) * 100);
    // sunset before the change, sunrise after it
    expect(wallInWindow('2026-10-24 18:10:00', from, to, 'Europe/Berlin')).toBe(utc('2026-10-24T16:10:00'));
    expect(wallInWindow('2026-10-25 07:05:00', from, to, 'Europe/Berlin')).toBe(utc('2026-10-25T06:05:00'));
    // a time that happens twice is the first of the two
    expect(wallInWindow('2026-10-25 02:30:00', from, to, 'Europe/Berlin')).toBe(utc('2026-10-25T00:30:00'));
    // outside the window, or not a time
    expect(wallInWindow('2026-10-25 13:00:00', from, to, 'Europe/Berlin')).toBeUndefined();
    expect(wallInWindow('not a time', from, to, 'Europe/Berlin')).toBeUndefined();
  });

  it('meet the whole hours of a zone a half hour off UTC', () => {
    // Kolkata is +05:30: 12:00 is 06:30Z
    const axis = planAxis(utc('2026-05-01T06:30:00'), utc('2026-05-02T06:30:00'), 'Asia/Kolkata');
    expect(axis?.ticks.map((tick) => tick.label)).toEqual(['12:00', '15:00', '18:00', '21:00', '00:00', '03:00', '06:00', '09:00', '12:00']);
  });

  it('write clock times', () => {
    expect(clockOf('2026-05-01 19:15:00')).toBe('19:15');
    expect(clockOf(null)).toBe('');
  });
});
