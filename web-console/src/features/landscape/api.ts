import { api } from '../../api/api';
import type { Envelope } from '../../api/errors';
import { toListPage, type ListPage } from '../../api/lists';
import type { TimingOneKey, TimingOneKeyChange, TimingOneKeyQuery } from './types';

/**
 * The timing one-keys' tag, and the scheduler's that a change of them makes stale: adding or
 * deleting one changes the plan, and the project's tasks and gateway schedules go back to
 * '0' not issued (docs/api-compatibility.md, "Timing one-key control").
 */
const LANDSCAPE_TAGS = ['TimingOneKey', 'Task', 'NightPlan', 'GatewaySchedule'] as const;
const LIST = 'LIST';
const TIMING_LIST = { type: 'TimingOneKey' as const, id: LIST };
const PLAN_CHANGED = [TIMING_LIST, { type: 'Task' as const, id: LIST }, 'NightPlan' as const, 'GatewaySchedule' as const];

/** The timing one-key calls (docs/api-compatibility.md, "Timing one-key control"; issue 12). */
export const landscapeApi = api.enhanceEndpoints({ addTagTypes: LANDSCAPE_TAGS }).injectEndpoints({
  endpoints: (build) => ({
    getTimingOneKeys: build.query<ListPage<TimingOneKey>, TimingOneKeyQuery>({
      query: (params) => ({ url: '/landscape/timingOneKey/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => toListPage<TimingOneKey>(envelope),
      providesTags: (result) => [TIMING_LIST, ...(result?.rows ?? []).map((row) => ({ type: 'TimingOneKey' as const, id: row.timingId }))],
    }),
    /** Refused (code 500) without a site; a time the server cannot read or a past start: 400. */
    addTimingOneKey: build.mutation<number, TimingOneKeyChange>({
      query: (body) => ({ url: '/landscape/timingOneKey', method: 'POST', data: body }),
      transformResponse: (envelope: Envelope) => Number(envelope.data ?? 0),
      invalidatesTags: PLAN_CHANGED,
    }),
    /** All or none. */
    deleteTimingOneKeys: build.mutation<void, number[]>({
      query: (ids) => ({ url: `/landscape/timingOneKey/${ids.join(',')}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: PLAN_CHANGED,
    }),
  }),
});

export const { useGetTimingOneKeysQuery, useAddTimingOneKeyMutation, useDeleteTimingOneKeysMutation } = landscapeApi;
