import { describe, expect, it } from 'vitest';
import { depts, deptTree } from '../fixtures';
import { deptOptions, deptRows, filterTree, treeIds, treeOptions, type DeptRow } from './deptTree';

/** The nodes in tree order, each after as many dashes as it is deep. */
const names = (rows: readonly DeptRow[], depth = 0): string[] =>
  rows.flatMap((row) => [`${'-'.repeat(depth)}${row.deptName}`, ...names(row.children ?? [], depth + 1)]);

describe('the organization tree', () => {
  it('makes the tree table\'s rows: the roots with the nodes under them, in tree order, no children for a leaf', () => {
    const rows = deptRows(depts);
    expect(names(rows)).toEqual(['滨江照明公司', '-运维部', '--一班', '-研发部']);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.children?.[1]).not.toHaveProperty('children');
    expect(rows[0]?.children?.[0]?.children?.[0]).toMatchObject({ deptId: 103, deptName: '一班', ancestors: '0,100,101' });
  });

  it('makes a node whose parent is not listed a root (a search finds nodes without their parents)', () => {
    const found = depts.filter((dept) => dept.deptName.includes('班') || dept.deptName === '研发部');
    expect(names(deptRows(found))).toEqual(['研发部', '一班']);
  });

  it('makes tree-select options of the flat list and of the deptTree answer alike', () => {
    const expected = [
      {
        value: 100,
        title: '滨江照明公司',
        children: [
          { value: 101, title: '运维部', children: [{ value: 103, title: '一班', children: undefined }] },
          { value: 102, title: '研发部', children: undefined },
        ],
      },
    ];
    expect(deptOptions(depts)).toEqual(expected);
    expect(treeOptions(deptTree)).toEqual(expected);
  });

  it('filters by name, keeping the nodes above a match', () => {
    expect(filterTree(deptTree, '')).toEqual(deptTree);
    expect(treeIds(filterTree(deptTree, '一班'))).toEqual([100, 101, 103]);
    expect(treeIds(filterTree(deptTree, ' 部 '))).toEqual([100, 101, 102]);
    expect(filterTree(deptTree, '无此组织')).toEqual([]);
    expect(treeIds(deptTree)).toEqual([100, 101, 103, 102]);
  });
});
