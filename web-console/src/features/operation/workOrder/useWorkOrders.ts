import { skipToken } from '@reduxjs/toolkit/query';
import { useAppSelector } from '../../../app/hooks';
import { selectProjectId } from '../../auth/authSlice';
import { useGetWorkOrderCountsQuery, useGetWorkOrdersQuery } from '../api';
import type { WorkOrderQuery } from '../types';

/** The tabs' counts of the selected project (none asked without a project). */
export function useWorkOrderCounts() {
  const projectId = useAppSelector(selectProjectId);
  return useGetWorkOrderCountsQuery(projectId ? projectId : skipToken);
}

/**
 * The list kit's source: a page of the selected project's orders. The project keys the cache,
 * so another project's answers are never shown for this one; the toolbar's refresh asks for
 * the tabs' counts again too.
 */
export function useProjectWorkOrders(query: WorkOrderQuery) {
  const projectId = useAppSelector(selectProjectId) ?? '';
  const list = useGetWorkOrdersQuery({ ...query, projectId });
  const counts = useWorkOrderCounts();
  const refetch = () => {
    if (projectId) void counts.refetch();
    return list.refetch();
  };
  return { data: list.data, isFetching: list.isFetching, refetch };
}
