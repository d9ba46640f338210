import { useMemo } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useAppSelector } from '../../../app/hooks';
import { selectProjectId } from '../../auth/authSlice';
import {
  useGetInspectionPlansQuery,
  useGetInspectionRoutesQuery,
  useGetInspectionTaskCountsQuery,
  useGetInspectionTasksQuery,
  useGetInspectionTeamsQuery,
} from '../api';
import type { InspectionNameQuery, InspectionPlanQuery, InspectionTaskQuery } from '../types';

/** Routes and teams offered in the plan and task dialogs: the first page the server gives at most. */
export const PICKER_SIZE = 500;

function useProject(): string {
  return useAppSelector(selectProjectId) ?? '';
}

/** The tasks tab's counts of the selected project (none asked without a project). */
export function useTaskCounts() {
  const projectId = useProject();
  return useGetInspectionTaskCountsQuery(projectId ? projectId : skipToken);
}

/**
 * The list kit's sources: a page of the selected project's records. The project keys the
 * cache, so another project's answers are never shown for this one.
 */
export function useProjectTeams(query: InspectionNameQuery) {
  return useGetInspectionTeamsQuery({ ...query, projectId: useProject() });
}

export function useProjectRoutes(query: InspectionNameQuery) {
  return useGetInspectionRoutesQuery({ ...query, projectId: useProject() });
}

export function useProjectPlans(query: InspectionPlanQuery) {
  return useGetInspectionPlansQuery({ ...query, projectId: useProject() });
}

/** The tasks; the toolbar's refresh asks for the tabs' counts again too. */
export function useProjectTasks(query: InspectionTaskQuery) {
  const projectId = useProject();
  const list = useGetInspectionTasksQuery({ ...query, projectId });
  const counts = useTaskCounts();
  const refetch = () => {
    if (projectId) void counts.refetch();
    return list.refetch();
  };
  return { data: list.data, isFetching: list.isFetching, refetch };
}

/** The project's routes as options of a Select (value: routeId). */
export function useRouteOptions() {
  const { data, isFetching } = useGetInspectionRoutesQuery({ pageNum: 1, pageSize: PICKER_SIZE, projectId: useProject() });
  const options = useMemo(() => (data?.rows ?? []).map((route) => ({ value: route.routeId, label: route.routeName })), [data]);
  return { options, loading: isFetching };
}

/** The project's teams as options of a Select (value: teamId). */
export function useTeamOptions() {
  const { data, isFetching } = useGetInspectionTeamsQuery({ pageNum: 1, pageSize: PICKER_SIZE, projectId: useProject() });
  const options = useMemo(() => (data?.rows ?? []).map((team) => ({ value: team.teamId, label: team.teamName })), [data]);
  return { options, loading: isFetching };
}
