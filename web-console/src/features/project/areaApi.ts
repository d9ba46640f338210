import { api } from '../../api/api';
import type { Envelope } from '../../api/errors';
import { dataOf, toListPage, type ListPage } from '../../api/lists';
import type { AreaChange, AreaQuery, DevicePlacement, PlanArea, ProjectLocation } from './types';

const LIST = 'LIST';

/** The plan screen's calls (/project/area), in the selected project. */
export const areaApi = api.enhanceEndpoints({ addTagTypes: ['PlanArea'] }).injectEndpoints({
  endpoints: (build) => ({
    getAreas: build.query<ListPage<PlanArea>, AreaQuery>({
      query: (params) => ({ url: '/project/area/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => toListPage<PlanArea>(envelope),
      providesTags: [{ type: 'PlanArea', id: LIST }],
    }),
    getPlanLocation: build.query<ProjectLocation, number>({
      query: (projectId) => ({ url: `/project/location/${projectId}` }),
      transformResponse: (envelope: Envelope) => dataOf<ProjectLocation>(envelope, { id: 0, projectName: '', planPicture: '' }),
    }),
    addArea: build.mutation<void, AreaChange>({
      query: (body) => ({ url: '/project/area', method: 'POST', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: [{ type: 'PlanArea', id: LIST }],
    }),
    updateArea: build.mutation<void, AreaChange & { areaId: number }>({
      query: (body) => ({ url: '/project/area', method: 'PUT', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: [{ type: 'PlanArea', id: LIST }],
    }),
    deleteAreas: build.mutation<void, number[]>({
      query: (ids) => ({ url: `/project/area/${ids.join(',')}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: [{ type: 'PlanArea', id: LIST }],
    }),
    placeDevice: build.mutation<void, Omit<DevicePlacement, 'placedBy' | 'placedTime'>>({
      query: (body) => ({ url: '/project/area/device', method: 'POST', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: [{ type: 'PlanArea', id: LIST }],
    }),
    removePlacement: build.mutation<void, { deviceType: string; deviceId: number }>({
      query: ({ deviceType, deviceId }) => ({ url: `/project/area/device/${deviceType}/${deviceId}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: [{ type: 'PlanArea', id: LIST }],
    }),
  }),
});

export const {
  useGetAreasQuery,
  useGetPlanLocationQuery,
  useAddAreaMutation,
  useUpdateAreaMutation,
  useDeleteAreasMutation,
  usePlaceDeviceMutation,
  useRemovePlacementMutation,
} = areaApi;
