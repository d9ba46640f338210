import { describe, expect, it } from 'vitest';
import { buildTree, INITIAL_TREE_ID, type TreeNode } from './tree';

describe('buildTree', () => {
  it('hangs children under their parents; parentId 0 is a root', () => {
    const tree = buildTree<TreeNode>([
      { id: 1, parentId: 0, name: '滨江区' },
      { id: 2, parentId: 1, name: '江南大道' },
      { id: 3, parentId: 2, name: '1 号灯杆' },
      { id: 4, parentId: 0, name: '上城区' },
    ]);
    expect(tree.map((node) => node.name)).toEqual(['滨江区', '上城区']);
    expect(tree[0]?.children?.[0]?.name).toBe('江南大道');
    expect(tree[0]?.children?.[0]?.children?.[0]?.id).toBe(3);
    expect(tree[1]?.children).toBeUndefined();
  });

  it('treats nodes with an unknown parent as roots and does not change the input', () => {
    const list = [{ id: '7', parentId: '99', name: 'orphan' }];
    expect(buildTree(list)).toEqual([{ id: '7', parentId: '99', name: 'orphan', children: undefined }]);
    expect(list[0]).not.toHaveProperty('children');
  });

  it('starts tree selectors at id 1', () => {
    expect(INITIAL_TREE_ID).toBe(1);
  });
});
