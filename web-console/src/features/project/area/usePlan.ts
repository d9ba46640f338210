import { useAppSelector } from '../../../app/hooks';
import { fileUrl, useFilesBase } from '../../../lib/files';
import { selectProjectId } from '../../auth/authSlice';
import { useGetAreasQuery, useGetPlanLocationQuery } from '../areaApi';
import { AREA_PLAN_PAGE } from '../rules';
import type { PlanArea } from '../types';

/** The selected project's plan: its picture's address (undefined without one) and every area drawn on it. */
export function usePlan(): { picture?: string; areas: readonly PlanArea[]; loaded: boolean } {
  const projectId = Number(useAppSelector(selectProjectId));
  const base = useFilesBase();
  const location = useGetPlanLocationQuery(projectId, { skip: !(projectId > 0) });
  const list = useGetAreasQuery({ pageNum: 1, pageSize: AREA_PLAN_PAGE });
  return {
    picture: fileUrl(base, location.data?.planPicture),
    areas: list.data?.rows ?? [],
    loaded: !location.isLoading && base !== undefined,
  };
}
