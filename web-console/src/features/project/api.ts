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
    /**
     * The caller's projects, for choosing the current one; asked without the (maybe no longer
     * allowed) current project, and quietly: sign-in goes on without it.
     */
    getProjectDropList: build.query<ProjectOption[], void>({
      query: () => ({ url: '/project/project/dropList', isProject: false, silent: true }),
      transformResponse: (envelope: Envelope) => listOf<ProjectOption>(envelope),
      providesTags: ['Project'],
    }),
    getUserProjectList: build.query<UserProject[], string | undefined>({
      query: (projectName) => ({ url: '/project/project/userProjectList', params: { projectName } }),
      transformResponse: (envelope: Envelope) => listOf<UserProject>(envelope),
      providesTags: ['Project'],
    }),
    /** The raw `data` of a project's detail (checked by logoOf); failures are not shown here. */
    getProjectDetail: build.query<unknown, number | string>({
      query: (id) => ({ url: '/project/project/detail', params: { id, type: 1 }, silent: true }),
      transformResponse: (envelope: Envelope) => envelope.data,
      providesTags: ['Project'],
    }),
  }),
});

export const { useGetProjectDropListQuery, useGetUserProjectListQuery, useGetProjectDetailQuery } = projectApi;

/** Thrown when a project detail cannot be read (spec section 8: a data processing error). */
export class ProjectDetailError extends Error {}

/**
 * The logo path a project detail asks for: menuLogo when menuLogoStatus is '1' or empty (which
 * falls back to '1'), undefined for the default logo. Throws ProjectDetailError on data it
 * cannot read.
 */
export function logoOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new ProjectDetailError('project detail is not an object');
  }
  const detail = data as ProjectDetail;
  const status = detail.menuLogoStatus;
  if (status !== undefined && status !== null && typeof status !== 'string' && typeof status !== 'number') {
    throw new ProjectDetailError('menuLogoStatus is not a value');
  }
  const logo = detail.menuLogo;
  if (logo !== undefined && logo !== null && typeof logo !== 'string') {
    throw new ProjectDetailError('menuLogo is not a path');
  }
  const shown = status === undefined || status === null || String(status) === '' || String(status) === '1';
  return shown && logo ? logo : undefined;
}
