import { useMemo } from 'react';
import type { ListResult } from '../../../components/listPage';
import { useGetDeptsQuery } from '../api';
import { pageOf } from '../../../api/lists';
import { deptRows, type DeptRow } from '../shared/deptTree';
import type { DeptQuery } from '../types';

/**
 * The organization for the list kit's tree table: GET /system/dept/list (flat and whole) with
 * the search form's filters, built into a tree by parentId, one page of its top-level nodes.
 */
export function useDeptList(query: DeptQuery): ListResult<DeptRow> {
  const { data, isFetching, refetch } = useGetDeptsQuery({ deptName: query.deptName, status: query.status });
  const page = useMemo(() => (data ? pageOf(deptRows(data), query.pageNum, query.pageSize) : undefined), [data, query.pageNum, query.pageSize]);
  return { data: page, isFetching, refetch };
}
