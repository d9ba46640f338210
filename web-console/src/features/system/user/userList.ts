import { createContext, useContext, useEffect, useMemo } from 'react';
import type { QueryParams } from '../../../api/client';
import type { ListResult } from '../../../components/listPage';
import { useGetUsersQuery } from '../api';
import type { User, UserQuery } from '../types';

export interface UserListState {
  /** The organization chosen in the tree: the list shows it and everything under it. */
  deptId?: number;
  /** Told the query of every list request (the export posts the same filters). */
  onQuery: (query: UserQuery) => void;
}

/** What the page's organization tree adds to the list kit's query, and hears back. */
export const UserListContext = createContext<UserListState>({ onQuery: () => undefined });

/** GET /system/user/list with the search form's filters, the page, and the tree's organization. */
export function useUserList(query: UserQuery): ListResult<User> {
  const { deptId, onQuery } = useContext(UserListContext);
  const asked = useMemo(() => (deptId === undefined ? query : { ...query, deptId }), [query, deptId]);
  useEffect(() => onQuery(asked), [asked, onQuery]);
  return useGetUsersQuery(asked);
}

/** A list query's filters as the export's form (paging left out). */
export function exportFilters(query: UserQuery | undefined): QueryParams {
  const filters: QueryParams = {};
  for (const [key, value] of Object.entries(query ?? {})) {
    if (key === 'pageNum' || key === 'pageSize') continue;
    if (typeof value === 'string' || typeof value === 'number') filters[key] = value;
  }
  return filters;
}
