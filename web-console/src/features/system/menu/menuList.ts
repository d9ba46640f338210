import { useMemo } from 'react';
import type { ListResult } from '../../../components/listPage';
import { useGetMenusQuery } from '../menuApi';
import { pageOf } from '../../../api/lists';
import type { MenuQuery } from '../types';
import { menuRows, type MenuRow } from './menuTree';

/**
 * The menus for the list kit's tree table: GET /system/menu/list (flat and whole) with the
 * search form's filters, built into a tree by parentId, one page of its top-level menus.
 */
export function useMenuList(query: MenuQuery): ListResult<MenuRow> {
  const { data, isFetching, refetch } = useGetMenusQuery({ menuName: query.menuName, status: query.status });
  const page = useMemo(() => (data ? pageOf(menuRows(data), query.pageNum, query.pageSize) : undefined), [data, query.pageNum, query.pageSize]);
  return { data: page, isFetching, refetch };
}
