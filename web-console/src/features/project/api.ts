import { api } from '../../api/api';
import type { Envelope } from '../../api/errors';

export interface ProjectOption {
  id: number | string;
  projectName: string;
}

export interface UserProject extends ProjectOption {
  projectNumber?: string;
  cityName?: string;
  projectUserName?: string;
  status?: string | number;
}

export interface ProjectDetail extends ProjectOption {
  menuLogo?: string;
  menuLogoStatus?: string | number | null;
  [field: string]: unknown;
}

function listOf<T>(envelope: Envelope): T[] {
  return Array.isArray(envelope.data) ? (envelope.data as T[]) : [];
}

export const projectApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The caller's projects, for choosing the current one. */
    getProjectDropList: build.query<ProjectOption[], void>({
      query: () => ({ url: '/project/project/dropList' }),
      transformResponse: (envelope: Envelope) => listOf<ProjectOption>(envelope),
      providesTags: ['Project'],
    }),
    getUserProjectList: build.query<UserProject[], string | undefined>({
      query: (projectName) => ({ url: '/project/project/userProjectList', params: { projectName } }),
      transformResponse: (envelope: Envelope) => listOf<UserProject>(envelope),
      providesTags: ['Project'],
    }),
    getProjectDetail: build.query<ProjectDetail, number | string>({
      query: (id) => ({ url: '/project/project/detail', params: { id, type: 1 } }),
      transformResponse: (envelope: Envelope) => (envelope.data ?? {}) as ProjectDetail,
      providesTags: ['Project'],
    }),
  }),
});

export const { useGetProjectDropListQuery, useGetUserProjectListQuery, useGetProjectDetailQuery } = projectApi;
