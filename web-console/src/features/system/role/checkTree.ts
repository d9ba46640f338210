import type { TreeNodeData } from '../types';

/** A checkable tree's value: the checked keys as the tree holds them, and parent-child linkage. */
export interface TreeChecks {
  checked: number[];
  /** Parent-child linkage (RuoYi's menuCheckStrictly / deptCheckStrictly): a parent follows its children. */
  linked: boolean;
}

/** Every key of the tree, parents before their children. */
export function allKeys(nodes: readonly TreeNodeData[]): number[] {
  return nodes.flatMap((node) => [node.id, ...allKeys(node.children ?? [])]);
}

/** The keys of the nodes that have children. */
export function parentKeys(nodes: readonly TreeNodeData[]): number[] {
  return nodes.flatMap((node) => (node.children?.length ? [node.id, ...parentKeys(node.children)] : []));
}

/**
 * The checks of a linked tree: a checked node checks everything under it; a parent is
 * checked when all its children are, half checked when some of them are (or are half).
 */
export function conduct(nodes: readonly TreeNodeData[], keys: readonly number[]): { checked: number[]; halfChecked: number[] } {
  const given = new Set(keys);
  const checked: number[] = [];
  const halfChecked: number[] = [];
  /** 'all', 'some' or 'none' of the node is checked. */
  const visit = (node: TreeNodeData, above: boolean): 'all' | 'some' | 'none' => {
    const children = node.children ?? [];
    const self = above || given.has(node.id);
    if (children.length === 0) {
      if (self) checked.push(node.id);
      return self ? 'all' : 'none';
    }
    const states = children.map((child) => visit(child, self));
    if (states.every((state) => state === 'all')) {
      checked.push(node.id);
      return 'all';
    }
    if (states.some((state) => state !== 'none')) {
      halfChecked.push(node.id);
      return 'some';
    }
    return 'none';
  };
  for (const node of nodes) visit(node, false);
  return { checked, halfChecked };
}

/**
 * The keys to save (RuoYi's rule): with linkage, the checked and half-checked nodes (a menu
 * is granted with the directories above it); without, the checked nodes only. Ascending.
 */
export function keysToSave(nodes: readonly TreeNodeData[], checks: TreeChecks): number[] {
  const keys = checks.linked
    ? (({ checked, halfChecked }) => [...checked, ...halfChecked])(conduct(nodes, checks.checked))
    : checks.checked;
  return [...new Set(keys)].sort((a, b) => a - b);
}
