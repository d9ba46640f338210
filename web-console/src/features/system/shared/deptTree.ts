import { buildTree, type TreeNode } from '../../../lib/tree';
import type { Dept, DeptTreeNode } from '../types';

/** A row of the organization tree table: the node and the nodes under it (none for a leaf). */
export interface DeptRow extends Dept {
  children?: DeptRow[];
}

/** An option of a tree select. */
export interface TreeOption {
  value: number;
  title: string;
  children?: TreeOption[];
}

interface DeptNode extends TreeNode {
  dept: Dept;
  children?: DeptNode[];
}

/** The flat list as a tree (by parentId; a node whose parent is not listed is a root). */
function deptTree(depts: readonly Dept[]): DeptNode[] {
  return buildTree<DeptNode>(depts.map((dept) => ({ id: dept.deptId, parentId: dept.parentId, name: dept.deptName, dept })));
}

/** The flat list as the tree table's rows: the roots, each with the nodes under it. */
export function deptRows(depts: readonly Dept[]): DeptRow[] {
  const toRows = (nodes: readonly DeptNode[]): DeptRow[] =>
    nodes.map((node) => (node.children?.length ? { ...node.dept, children: toRows(node.children) } : { ...node.dept }));
  return toRows(deptTree(depts));
}


/** The flat list as tree-select options. */
export function deptOptions(depts: readonly Dept[]): TreeOption[] {
  const toOptions = (nodes: readonly DeptNode[]): TreeOption[] =>
    nodes.map((node) => ({ value: node.dept.deptId, title: node.dept.deptName, children: node.children?.length ? toOptions(node.children) : undefined }));
  return toOptions(deptTree(depts));
}

/** GET /system/user/deptTree's nodes as tree-select options. */
export function treeOptions(nodes: readonly DeptTreeNode[]): TreeOption[] {
  return nodes.map((node) => ({ value: node.id, title: node.label, children: node.children?.length ? treeOptions(node.children) : undefined }));
}

/**
 * The nodes whose name holds `text` (case-insensitive), with the nodes above them; a blank
 * text keeps the whole tree.
 */
export function filterTree(nodes: readonly DeptTreeNode[], text: string): DeptTreeNode[] {
  const wanted = text.trim().toLowerCase();
  if (wanted === '') return [...nodes];
  const kept: DeptTreeNode[] = [];
  for (const node of nodes) {
    const children = filterTree(node.children ?? [], wanted);
    if (children.length > 0 || node.label.toLowerCase().includes(wanted)) kept.push({ ...node, children: children.length > 0 ? children : undefined });
  }
  return kept;
}

/** Every id of a tree. */
export function treeIds(nodes: readonly DeptTreeNode[]): number[] {
  return nodes.flatMap((node) => [node.id, ...treeIds(node.children ?? [])]);
}
