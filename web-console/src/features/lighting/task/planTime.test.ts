import { describe, expect, it } from 'vitest';
import { clockOf, planAxis, wallToEpoch } from './planTime';

const utc = (text: string) => Date.parse(`${text}Z`);

describe("tonight's plan times", () => {
  it('read wall times in the site time zone', () => {
    expect(wallToEpoch('2026-05-01 20:00:00', 'Asia/Shanghai')).toBe(utc('2026-05-01T12:00:00'));
    expect(wallToEpoch('2026-05-01 20:00:00', 'UTC')).toBe(utc('2026-05-01T20:00:00'));
    expect(wallToEpoch('not a time', 'UTC')).toBeUndefined();
  });

  it('read a time the clocks skip after the gap, and a time that happens twice as the first', () => {
    // Berlin, 2026-03-29: 02:00 CET becomes 03:00 CEST; 02:30 is read with +01:00
    expect(wallToEpoch('2026-03-29 02:30:00', 'Europe/Berlin')).toBe(utc('2026-03-29T01:30:00'));
    // 2026-10-25: 03:00 CEST becomes 02:00 CET; 02:30 happens twice, the first is at +02:00
    expect(wallToEpoch('2026-10-25 02:30:00', 'Europe/Berlin')).toBe(utc('2026-10-25T00:30:00'));
  });

  it('an unknown zone reads as UTC', () => {
    expect(wallToEpoch('2026-05-01 20:00:00', 'Nowhere/Atlantis')).toBe(utc('2026-05-01T20:00:00'));
  });

  it('lay the window out from 12:00 to 12:00, a spring night an hour shorter', () => {
    const axis = planAxis('2026-05-01 12:00:00', '2026-05-02 12:00:00', 'Asia/Shanghai');
    expect(axis?.ticks.map((tick) => tick.label)).toEqual(['12:00', '15:00', '18:00', '21:00', '00:00', '03:00', '06:00', '09:00', '12:00']);
    expect(axis?.atWall('2026-05-02 00:00:00')).toBe(50);
    expect(axis?.atWall('2026-05-01 11:00:00')).toBe(0);

    const spring = planAxis('2026-03-28 12:00:00', '2026-03-29 12:00:00', 'Europe/Berlin');
    expect(spring && (spring.to - spring.from) / 3_600_000).toBe(23);
    expect(spring?.atWall('2026-03-29 03:00:00')).toBeCloseTo((14 / 23) * 100);
  });

  it('write clock times', () => {
    expect(clockOf('2026-05-01 19:15:00')).toBe('19:15');
    expect(clockOf(null)).toBe('');
  });
});
