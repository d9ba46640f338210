import { describe, expect, it } from 'vitest';
import { isAddressName, isAddressOrder } from '../rules';
import { addressRows, parentOptions } from './addressTree';
import { addresses } from './fixtures';
import { toChange, toValues } from './formValues';

describe('the address tree', () => {
  it('builds rows by parent and offers every parent but the node and its descendants', () => {
    const rows = addressRows(addresses);
    expect(rows.map((row) => row.addressName)).toEqual(['滨江公园']);
    expect(rows[0]?.children?.map((row) => row.addressName)).toEqual(['东区', '西区']);
    const titles = (options: ReturnType<typeof parentOptions>): string[] => options.flatMap((o) => [o.title, ...titles(o.children ?? [])]);
    expect(titles(parentOptions(addresses))).toEqual(['滨江公园', '东区', '观景步道', '西区']);
    expect(titles(parentOptions(addresses, 2))).toEqual(['滨江公园', '西区']);
    expect(titles(parentOptions(addresses, 1))).toEqual([]);
  });

  it('turns a root into no parent and back', () => {
    const root = addresses[0]!;
    expect(toValues(root).parentId).toBeUndefined();
    expect(toChange({ addressName: ' 公园 ', remark: ' ' })).toEqual({ parentId: 0, addressName: '公园', orderNum: 0, remark: '' });
  });

  it('checks names and orders as the server does', () => {
    expect(isAddressName('东区')).toBe(true);
    expect(isAddressName('  ')).toBe(false);
    expect(isAddressName('名'.repeat(50))).toBe(true);
    expect(isAddressName('名'.repeat(51))).toBe(false);
    expect(isAddressOrder(0)).toBe(true);
    expect(isAddressOrder(10000)).toBe(false);
    expect(isAddressOrder(1.5)).toBe(false);
  });
});
