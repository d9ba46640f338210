import { describe, expect, it } from 'vitest';
import { sanitizeNumber } from './numberInput';

describe('sanitizeNumber', () => {
  it('keeps integers only in mode 0', () => {
    expect(sanitizeNumber('12.5', 0)).toBe('125');
    expect(sanitizeNumber('-3a4', 0)).toBe('34');
  });

  it('keeps one dot and at most 1, 2 or 3 decimals', () => {
    expect(sanitizeNumber('1.234', 1)).toBe('1.2');
    expect(sanitizeNumber('1.234', 2)).toBe('1.23');
    expect(sanitizeNumber('1.2345', 3)).toBe('1.234');
    expect(sanitizeNumber('1.2.3', 3)).toBe('1.23');
    expect(sanitizeNumber('12.', 2)).toBe('12.');
    expect(sanitizeNumber('a1b.c5', 2)).toBe('1.5');
  });
});
