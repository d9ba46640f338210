import { api } from '../../api/api';
import type { Envelope } from '../../api/errors';

/**
 * The open alarm count of the top bar, apart from the alarm screens' endpoints so the layout
 * carries only this one.
 */
export const openCountApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Open alarms of the project (the argument, the project id, only keys the cache); quiet on
     * failure, since the top bar asks on every page.
     */
    getOpenAlarmCount: build.query<number, string>({
      query: () => ({ url: '/alarm/alarm/openCount', silent: true }),
      transformResponse: (envelope: Envelope) => {
        const data = envelope.data as { count?: unknown } | null | undefined;
        const count = data?.count;
        return typeof count === 'number' && Number.isFinite(count) ? count : 0;
      },
      providesTags: ['AlarmOpenCount'],
    }),
  }),
});

export const { useGetOpenAlarmCountQuery } = openCountApi;
