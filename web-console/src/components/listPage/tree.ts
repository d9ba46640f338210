import type { Key } from 'react';

/**
 * Which nodes of a tree table are open: all but `except` ('expanded'), or only `except`
 * ('collapsed'). Expand all and collapse all set the mode and empty the exceptions; a node's
 * own button flips its exception. Nodes that arrive later (a refresh, a search) follow the mode.
 */
export interface Expansion {
  mode: 'expanded' | 'collapsed';
  except: ReadonlySet<Key>;
}

export function allOf(mode: Expansion['mode']): Expansion {
  return { mode, except: new Set() };
}

export function isOpen(expansion: Expansion, key: Key): boolean {
  return expansion.mode === 'expanded' ? !expansion.except.has(key) : expansion.except.has(key);
}

export function toggled(expansion: Expansion, key: Key): Expansion {
  const except = new Set(expansion.except);
  if (!except.delete(key)) except.add(key);
  return { mode: expansion.mode, except };
}

/** A row's children: its `children` list, or none. */
export function childrenOf<Row extends object>(row: Row): readonly Row[] {
  // a tree table's rows carry children of their own shape (ListTree); other rows have none
  const children = (row as { children?: unknown }).children;
  return Array.isArray(children) ? (children as Row[]) : [];
}

/** The keys of the open nodes that have children, at every depth of `rows`. */
export function openKeys<Row extends object>(rows: readonly Row[], keyOf: (row: Row) => Key, expansion: Expansion): Key[] {
  const keys: Key[] = [];
  const visit = (nodes: readonly Row[]) => {
    for (const node of nodes) {
      const children = childrenOf(node);
      if (children.length === 0) continue;
      const key = keyOf(node);
      if (isOpen(expansion, key)) keys.push(key);
      visit(children);
    }
  };
  visit(rows);
  return keys;
}
