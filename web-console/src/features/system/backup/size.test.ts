import { describe, expect, it } from 'vitest';
import { humanSize } from './size';

describe('backup sizes', () => {
  it('are bytes, KB, MB or GB of 1024, one decimal above bytes', () => {
    expect(humanSize(0, 'zh-CN')).toBe('0 B');
    expect(humanSize(1023, 'en')).toBe('1,023 B');
    expect(humanSize(1024, 'en')).toBe('1 KB');
    expect(humanSize(60_000, 'zh-CN')).toBe('58.6 KB');
    expect(humanSize(2.5 * 1024 * 1024, 'en')).toBe('2.5 MB');
    expect(humanSize(3 * 1024 ** 4, 'en')).toBe('3,072 GB');
    expect(humanSize(Number.NaN, 'en')).toBe('0 B');
  });
});
