import { describe, expect, it } from 'vitest';
import { menuTree } from '../fixtures';
import { allKeys, conduct, keysToSave, parentKeys } from './checkTree';

describe('checkable trees', () => {
  it('list their keys, and those of their parents', () => {
    expect(allKeys(menuTree)).toEqual([1, 100, 1001, 1002, 101, 1011, 2, 200]);
    expect(parentKeys(menuTree)).toEqual([1, 100, 101, 2]);
  });

  it('conduct checks when linked: down from a checked node, up to checked or half-checked parents', () => {
    expect(conduct(menuTree, [1001])).toEqual({ checked: [1001], halfChecked: [100, 1] });
    expect(conduct(menuTree, [1001, 1002])).toEqual({ checked: [1001, 1002, 100], halfChecked: [1] });
    expect(conduct(menuTree, [101])).toEqual({ checked: [1011, 101], halfChecked: [1] });
    expect(conduct(menuTree, [1])).toEqual({ checked: [1001, 1002, 100, 1011, 101, 1], halfChecked: [] });
    expect(conduct(menuTree, [])).toEqual({ checked: [], halfChecked: [] });
  });

  it('save checked and half-checked keys with linkage, the checked ones without', () => {
    expect(keysToSave(menuTree, { checked: [1001, 200], linked: true })).toEqual([1, 2, 100, 200, 1001]);
    expect(keysToSave(menuTree, { checked: [1001, 200], linked: false })).toEqual([200, 1001]);
    expect(keysToSave(menuTree, { checked: [1], linked: false })).toEqual([1]);
  });
});
