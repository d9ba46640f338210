import { createContext, useContext, useMemo } from 'react';
import type { ListResult } from '../../../components/listPage';
import { useGetDeptsQuery } from '../api';
import { pageOf, visibleDeptRows, type DeptRow } from '../shared/deptTree';
import type { DeptQuery } from '../types';

/**
 * Which nodes of the tree table are open: all but `except` ('expanded', the first state), or
 * only `except` ('collapsed'). "Expand all" and "collapse all" set the mode and empty the
 * exceptions; a node's toggle flips its exception.
 */
export interface Expansion {
  mode: 'expanded' | 'collapsed';
  except: ReadonlySet<number>;
}

export const ALL_EXPANDED: Expansion = { mode: 'expanded', except: new Set() };
export const ALL_COLLAPSED: Expansion = { mode: 'collapsed', except: new Set() };

export function isCollapsedIn(expansion: Expansion, deptId: number): boolean {
  return expansion.mode === 'expanded' ? expansion.except.has(deptId) : !expansion.except.has(deptId);
}

export function toggled(expansion: Expansion, deptId: number): Expansion {
  const except = new Set(expansion.except);
  if (!except.delete(deptId)) except.add(deptId);
  return { mode: expansion.mode, except };
}

export interface DeptTreeState {
  expansion: Expansion;
  toggle: (deptId: number) => void;
}

/** The tree table's expansion, from the page to its rows and name cells. */
export const DeptTreeContext = createContext<DeptTreeState>({ expansion: ALL_EXPANDED, toggle: () => undefined });

export function useDeptTree(): DeptTreeState {
  return useContext(DeptTreeContext);
}

/**
 * The organization list for the list kit: GET /system/dept/list with the search form's
 * filters, built into a tree by parentId, the open nodes' rows in tree order, one page of them.
 */
export function useDeptList(query: DeptQuery): ListResult<DeptRow> {
  const { expansion } = useDeptTree();
  const { data, isFetching, refetch } = useGetDeptsQuery({ deptName: query.deptName, status: query.status });
  const page = useMemo(
    () => (data ? pageOf(visibleDeptRows(data, (deptId) => isCollapsedIn(expansion, deptId)), query.pageNum, query.pageSize) : undefined),
    [data, expansion, query.pageNum, query.pageSize],
  );
  return { data: page, isFetching, refetch };
}
