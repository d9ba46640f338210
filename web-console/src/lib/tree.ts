/** A tree node (spec section 3): parentId 0 is a root. */
export interface TreeNode {
  id: number | string;
  parentId: number | string;
  name: string;
  children?: TreeNode[];
  [field: string]: unknown;
}

export const ROOT_PARENT_ID = 0;
/** Initial value of a tree selector (spec section 9). */
export const INITIAL_TREE_ID = 1;

/**
 * Builds a tree from a flat list: roots are the nodes with parentId 0, or whose parent is
 * not in the list. Children keep the list's order.
 */
export function buildTree<T extends TreeNode>(list: readonly T[]): T[] {
  const byId = new Map<string, T>();
  for (const item of list) byId.set(String(item.id), { ...item, children: undefined });
  const roots: T[] = [];
  for (const item of list) {
    const node = byId.get(String(item.id));
    if (!node) continue;
    const parent = String(item.parentId) === String(ROOT_PARENT_ID) ? undefined : byId.get(String(item.parentId));
    if (parent && parent !== node) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}
