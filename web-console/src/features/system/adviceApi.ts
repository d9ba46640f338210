import { api } from '../../api/api';
import type { Envelope } from '../../api/errors';
import { toListPage, type ListPage } from '../../api/lists';
import { LIST } from './api';
import type { Advice, AdviceQuery, AdviceReply, AdviceSend } from './types';

/** The signed-in user's own feedback (one tag: sending shows it there and in the administrators' list). */
const MINE = 'MINE';

/**
 * Advice (contract: docs/api-compatibility.md, "Scheduled jobs, their log, and advice"): any
 * signed-in user sends feedback and reads their own with the replies; administrators list
 * everyone's, reply and set its status, delete it.
 */
export const adviceApi = api.enhanceEndpoints({ addTagTypes: ['Advice'] }).injectEndpoints({
  endpoints: (build) => ({
    /** Everyone's feedback, newest first (system:advice:list). */
    getAdvices: build.query<ListPage<Advice>, AdviceQuery>({
      query: (params) => ({ url: '/system/advice/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => toListPage<Advice>(envelope),
      providesTags: (result) => [{ type: 'Advice', id: LIST }, ...(result?.rows ?? []).map((row) => ({ type: 'Advice' as const, id: row.adviceId }))],
    }),
    /** One piece of feedback as it is now (system:advice:query). */
    getAdvice: build.query<Advice, number>({
      query: (adviceId) => ({ url: `/system/advice/${adviceId}` }),
      transformResponse: (envelope: Envelope) => envelope.data as Advice,
      providesTags: (_result, _error, adviceId) => [{ type: 'Advice', id: adviceId }],
    }),
    /** The caller's own feedback with the replies, newest first (any signed-in user). */
    getMyAdvices: build.query<ListPage<Advice>, AdviceQuery>({
      query: (params) => ({ url: '/system/advice/my', params: { ...params } }),
      transformResponse: (envelope: Envelope) => toListPage<Advice>(envelope),
      providesTags: [{ type: 'Advice', id: MINE }],
    }),
    /** Sends feedback (any signed-in user). */
    sendAdvice: build.mutation<void, AdviceSend>({
      query: (body) => ({ url: '/system/advice', method: 'POST', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: [
        { type: 'Advice', id: MINE },
        { type: 'Advice', id: LIST },
      ],
    }),
    /** Replies and sets the status (system:advice:edit). */
    replyAdvice: build.mutation<void, AdviceReply>({
      query: (body) => ({ url: '/system/advice/reply', method: 'PUT', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: (_result, _error, body) => [
        { type: 'Advice', id: LIST },
        { type: 'Advice', id: MINE },
        { type: 'Advice', id: body.adviceId },
      ],
    }),
    /** Deletes feedback, all or none (system:advice:remove). */
    deleteAdvices: build.mutation<void, number[]>({
      query: (adviceIds) => ({ url: `/system/advice/${adviceIds.join(',')}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: [
        { type: 'Advice', id: LIST },
        { type: 'Advice', id: MINE },
      ],
    }),
  }),
});

export const { useGetAdvicesQuery, useGetAdviceQuery, useGetMyAdvicesQuery, useSendAdviceMutation, useReplyAdviceMutation, useDeleteAdvicesMutation } =
  adviceApi;
