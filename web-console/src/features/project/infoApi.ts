import { api } from '../../api/api';
import type { Envelope } from '../../api/errors';
import { dataOf, toListPage, type ListPage } from '../../api/lists';
import type { City, Project, ProjectChange, ProjectQuery } from './types';

const LIST = 'INFO';

/**
 * Project management's calls (spec section 7, "Project"), outside any selected project: the
 * server answers the caller's projects only. A change also refreshes the picker's lists (tag
 * 'Project').
 */
export const projectInfoApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProjects: build.query<ListPage<Project>, ProjectQuery>({
      query: (params) => ({ url: '/project/project/list', params: { ...params }, isProject: false }),
      transformResponse: (envelope: Envelope) => toListPage<Project>(envelope),
      providesTags: [{ type: 'Project', id: LIST }],
    }),
    getProjectInfo: build.query<Project, number>({
      query: (id) => ({ url: `/project/project/getInfoById/${id}`, isProject: false }),
      transformResponse: (envelope: Envelope) => {
        const project = dataOf<Project | undefined>(envelope, undefined);
        if (!project) throw new Error('project missing');
        return project;
      },
      providesTags: (_result, _error, id) => [{ type: 'Project', id }],
    }),
    getCities: build.query<City[], void>({
      query: () => ({ url: '/project/city/list', isProject: false }),
      transformResponse: (envelope: Envelope) => dataOf<City[]>(envelope, []),
    }),
    addProject: build.mutation<number, ProjectChange>({
      query: (body) => ({ url: '/project/project', method: 'POST', data: body, isProject: false }),
      transformResponse: (envelope: Envelope) => dataOf<number>(envelope, 0),
      invalidatesTags: ['Project'],
    }),
    updateProject: build.mutation<void, ProjectChange & { id: number }>({
      query: (body) => ({ url: '/project/project', method: 'PUT', data: body, isProject: false }),
      transformResponse: () => undefined,
      invalidatesTags: ['Project'],
    }),
    deleteProject: build.mutation<void, number>({
      query: (id) => ({ url: `/project/project/${id}`, method: 'DELETE', isProject: false }),
      transformResponse: () => undefined,
      invalidatesTags: ['Project'],
    }),
    /** Sets the project's switch; answers it ('1' enabled). */
    enableProject: build.mutation<string, { id: number; enabled: '0' | '1' }>({
      query: ({ id, enabled }) => ({ url: `/project/project/enable/${id}`, method: 'PUT', data: { enabled }, isProject: false }),
      transformResponse: (envelope: Envelope) => dataOf<string>(envelope, ''),
      invalidatesTags: ['Project'],
    }),
  }),
});

export const {
  useGetProjectsQuery,
  useGetProjectInfoQuery,
  useGetCitiesQuery,
  useAddProjectMutation,
  useUpdateProjectMutation,
  useDeleteProjectMutation,
  useEnableProjectMutation,
} = projectInfoApi;
