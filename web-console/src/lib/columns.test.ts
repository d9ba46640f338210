import { describe, expect, it } from 'vitest';
import { toggleColumn } from './columns';

const columns = [
  { key: 'name', label: 'Name', visible: true },
  { key: 'code', label: 'Code', visible: false },
];

describe('toggleColumn', () => {
  it('shows and hides columns', () => {
    expect(toggleColumn(columns, 'code', true).map((column) => column.visible)).toEqual([true, true]);
  });

  it('keeps the last visible column', () => {
    expect(toggleColumn(columns, 'name', false)).toEqual(columns);
  });
});
