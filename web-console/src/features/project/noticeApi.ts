import { api } from '../../api/api';
import type { Envelope } from '../../api/errors';
import { toListPage, type ListPage } from '../../api/lists';
import type { Notice, NoticeChange, NoticeQuery } from './types';

const LIST = 'LIST';

/** The announcement screen's calls (RuoYi's /system/notice), in the selected project. */
export const noticeApi = api.enhanceEndpoints({ addTagTypes: ['Notice'] }).injectEndpoints({
  endpoints: (build) => ({
    getNotices: build.query<ListPage<Notice>, NoticeQuery>({
      query: (params) => ({ url: '/system/notice/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => toListPage<Notice>(envelope),
      providesTags: [{ type: 'Notice', id: LIST }],
    }),
    addNotice: build.mutation<void, NoticeChange>({
      query: (body) => ({ url: '/system/notice', method: 'POST', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: [{ type: 'Notice', id: LIST }],
    }),
    updateNotice: build.mutation<void, NoticeChange & { noticeId: number }>({
      query: (body) => ({ url: '/system/notice', method: 'PUT', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: [{ type: 'Notice', id: LIST }],
    }),
    deleteNotices: build.mutation<void, number[]>({
      query: (ids) => ({ url: `/system/notice/${ids.join(',')}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: [{ type: 'Notice', id: LIST }],
    }),
    publishNotice: build.mutation<void, number>({
      query: (noticeId) => ({ url: `/system/notice/publish/${noticeId}`, method: 'PUT' }),
      transformResponse: () => undefined,
      invalidatesTags: [{ type: 'Notice', id: LIST }],
    }),
  }),
});

export const { useGetNoticesQuery, useAddNoticeMutation, useUpdateNoticeMutation, useDeleteNoticesMutation, usePublishNoticeMutation } =
  noticeApi;
