import { api } from '../../api/api';
import type { Envelope } from '../../api/errors';
import { dataOf } from '../../api/lists';
import type { DeviceLocationChange, DeviceLocationQuery, DeviceLocations, ProjectLocation } from './types';

/**
 * Locations are the gateways' own data: the list is a 'Gateway' tag of its own, which a
 * location change refreshes (no tag type of its own, so nothing is added to the shell).
 */
export const LOCATIONS = { type: 'Gateway' as const, id: 'LOCATIONS' };

const NO_LOCATIONS: DeviceLocations = { mode: 'markers', total: 0, truncated: false, markers: [], clusters: [] };

/** The map's calls (spec section 7, "Project": locationDevice/list, location, project location). */
export const deviceApi = api.injectEndpoints({
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
  }),
});

export const { useGetProjectLocationQuery, useGetDeviceLocationsQuery, useSetDeviceLocationMutation } = deviceApi;
