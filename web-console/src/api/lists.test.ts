import { describe, expect, it } from 'vitest';
import { pageOf } from './lists';

describe('pageOf', () => {
  it('pages the rows, a page beyond the last showing the last', () => {
    const rows = Array.from({ length: 25 }, (_unused, index) => index + 1);
    expect(pageOf(rows, 1, 20)).toEqual({ rows: rows.slice(0, 20), total: 25 });
    expect(pageOf(rows, 2, 20)).toEqual({ rows: [21, 22, 23, 24, 25], total: 25 });
    expect(pageOf(rows, 3, 20)).toEqual({ rows: [21, 22, 23, 24, 25], total: 25 });
    expect(pageOf([], 1, 20)).toEqual({ rows: [], total: 0 });
  });
});
