import { api } from '../../api/api';
import type { Envelope } from '../../api/errors';
import { dataOf, toListPage, type ListPage } from '../../api/lists';
import type {
  DeviceLocationChange,
  DeviceLocationQuery,
  DeviceLocations,
  EquipmentCategory,
  EquipmentCategoryChange,
  EquipmentCategoryQuery,
  EquipmentType,
  EquipmentTypeChange,
  EquipmentTypeQuery,
  ProjectLocation,
} from './types';

/**
 * Locations are the gateways' own data: the list is a 'Gateway' tag of its own, which a
 * location change refreshes (no tag type of its own, so nothing is added to the shell).
 */
export const LOCATIONS = { type: 'Gateway' as const, id: 'LOCATIONS' };

/**
 * The equipment catalogue's tags, added with these endpoints (not to the shell's list): a list
 * tag of each, and one per row by id.
 */
const CATALOGUE_TAGS = ['DeviceCategory', 'DeviceType'] as const;
const LIST = 'LIST';
const CATEGORY_LIST = { type: 'DeviceCategory' as const, id: LIST };
const TYPE_LIST = { type: 'DeviceType' as const, id: LIST };

const NO_LOCATIONS: DeviceLocations = { mode: 'markers', total: 0, truncated: false, markers: [], clusters: [] };

/**
 * The map's calls (spec section 7, "Project": locationDevice/list, location, project location)
 * and the equipment categories and types (docs/api-compatibility.md, issue 12).
 */
export const deviceApi = api.enhanceEndpoints({ addTagTypes: CATALOGUE_TAGS }).injectEndpoints({
  endpoints: (build) => ({
    getProjectLocation: build.query<ProjectLocation | undefined, string>({
      query: (projectId) => ({ url: `/project/location/${projectId}`, isProject: false }),
      transformResponse: (envelope: Envelope) => dataOf<ProjectLocation | undefined>(envelope, undefined),
    }),
    getDeviceLocations: build.query<DeviceLocations, DeviceLocationQuery>({
      query: (params) => ({ url: '/device/device/locationDevice/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => {
        const data = dataOf<Partial<DeviceLocations>>(envelope, {});
        return {
          ...NO_LOCATIONS,
          ...data,
          markers: Array.isArray(data.markers) ? data.markers : [],
          clusters: Array.isArray(data.clusters) ? data.clusters : [],
        };
      },
      providesTags: [LOCATIONS],
    }),
    setDeviceLocation: build.mutation<void, DeviceLocationChange>({
      query: (body) => ({ url: '/device/device/location', method: 'POST', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: [LOCATIONS],
    }),

    // Equipment categories: a category's type count follows its types, its name shows in their rows.
    getDeviceCategories: build.query<ListPage<EquipmentCategory>, EquipmentCategoryQuery>({
      query: (params) => ({ url: '/device/category/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => toListPage<EquipmentCategory>(envelope),
      providesTags: (result) => [CATEGORY_LIST, ...(result?.rows ?? []).map((row) => ({ type: 'DeviceCategory' as const, id: row.categoryId }))],
    }),
    addDeviceCategory: build.mutation<number, EquipmentCategoryChange>({
      query: (body) => ({ url: '/device/category', method: 'POST', data: body }),
      transformResponse: (envelope: Envelope) => Number(envelope.data ?? 0),
      invalidatesTags: [CATEGORY_LIST],
    }),
    updateDeviceCategory: build.mutation<void, EquipmentCategoryChange & { categoryId: number }>({
      query: (body) => ({ url: '/device/category', method: 'PUT', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: (_result, _error, body) => [CATEGORY_LIST, { type: 'DeviceCategory', id: body.categoryId }, TYPE_LIST],
    }),
    /** All or none; refused (code 500) while a category has types. */
    deleteDeviceCategories: build.mutation<void, number[]>({
      query: (ids) => ({ url: `/device/category/${ids.join(',')}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: [CATEGORY_LIST],
    }),

    // Equipment types: each change moves the type counts of the categories.
    getDeviceTypes: build.query<ListPage<EquipmentType>, EquipmentTypeQuery>({
      query: (params) => ({ url: '/device/type/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => toListPage<EquipmentType>(envelope),
      providesTags: (result) => [TYPE_LIST, ...(result?.rows ?? []).map((row) => ({ type: 'DeviceType' as const, id: row.typeId }))],
    }),
    addDeviceType: build.mutation<number, EquipmentTypeChange>({
      query: (body) => ({ url: '/device/type', method: 'POST', data: body }),
      transformResponse: (envelope: Envelope) => Number(envelope.data ?? 0),
      invalidatesTags: [TYPE_LIST, CATEGORY_LIST],
    }),
    updateDeviceType: build.mutation<void, EquipmentTypeChange & { typeId: number }>({
      query: (body) => ({ url: '/device/type', method: 'PUT', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: (_result, _error, body) => [TYPE_LIST, { type: 'DeviceType', id: body.typeId }, CATEGORY_LIST],
    }),
    deleteDeviceTypes: build.mutation<void, number[]>({
      query: (ids) => ({ url: `/device/type/${ids.join(',')}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: [TYPE_LIST, CATEGORY_LIST],
    }),
  }),
});

export const {
  useGetProjectLocationQuery,
  useGetDeviceLocationsQuery,
  useSetDeviceLocationMutation,
  useGetDeviceCategoriesQuery,
  useAddDeviceCategoryMutation,
  useUpdateDeviceCategoryMutation,
  useDeleteDeviceCategoriesMutation,
  useGetDeviceTypesQuery,
  useAddDeviceTypeMutation,
  useUpdateDeviceTypeMutation,
  useDeleteDeviceTypesMutation,
} = deviceApi;
