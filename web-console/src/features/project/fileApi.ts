import { api } from '../../api/api';
import type { Envelope } from '../../api/errors';
import { toListPage, type ListPage } from '../../api/lists';
import type { FileAudit, FileChange, FileQuery, ProjectFile } from './types';

/** The file management screen's calls (docs/files.md), in the selected project. */
export const fileApi = api.enhanceEndpoints({ addTagTypes: ['ProjectFile'] }).injectEndpoints({
  endpoints: (build) => ({
    getFiles: build.query<ListPage<ProjectFile>, FileQuery>({
      query: (params) => ({ url: '/project/file/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => toListPage<ProjectFile>(envelope),
      providesTags: ['ProjectFile'],
    }),
    updateFile: build.mutation<void, FileChange>({
      query: (body) => ({ url: '/project/file', method: 'PUT', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: ['ProjectFile'],
    }),
    auditFile: build.mutation<void, FileAudit>({
      query: (body) => ({ url: '/project/file/audit', method: 'PUT', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: ['ProjectFile'],
    }),
    deleteFile: build.mutation<void, number>({
      query: (fileId) => ({ url: `/project/file/${fileId}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: ['ProjectFile'],
    }),
  }),
});

export const { useGetFilesQuery, useUpdateFileMutation, useAuditFileMutation, useDeleteFileMutation } = fileApi;
