import { describe, expect, it } from 'vitest';
import { durationSeconds, isJobName, isJobRemark, JOB_NAME_MAX, JOB_REMARK_MAX } from './rules';

describe('job rules', () => {
  it('take a name of 1 to 64 characters once trimmed', () => {
    expect(isJobName('心跳')).toBe(true);
    expect(isJobName('  心跳  ')).toBe(true);
    expect(isJobName('任'.repeat(JOB_NAME_MAX))).toBe(true);
    for (const bad of ['', '   ', '任'.repeat(JOB_NAME_MAX + 1), undefined, 3]) expect(isJobName(bad), String(bad)).toBe(false);
  });

  it('take a remark of at most 500 characters, or none', () => {
    expect(isJobRemark(undefined)).toBe(true);
    expect(isJobRemark('')).toBe(true);
    expect(isJobRemark('备'.repeat(JOB_REMARK_MAX))).toBe(true);
    expect(isJobRemark('备'.repeat(JOB_REMARK_MAX + 1))).toBe(false);
  });

  it("measure a run in whole seconds from the server's start and stop times", () => {
    expect(durationSeconds('2026-05-01 10:00:00', '2026-05-01 10:00:00')).toBe(0);
    expect(durationSeconds('2026-05-01 23:59:58', '2026-05-02 00:00:03')).toBe(5);
    // still running, or not a time
    expect(durationSeconds('2026-05-01 10:00:00', '')).toBeUndefined();
    expect(durationSeconds('2026-05-01 10:00:00', null)).toBeUndefined();
    expect(durationSeconds('yesterday', '2026-05-01 10:00:00')).toBeUndefined();
    expect(durationSeconds('2026-05-01 10:00:05', '2026-05-01 10:00:00')).toBeUndefined();
  });
});
