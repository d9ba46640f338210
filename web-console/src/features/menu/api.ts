import { api } from '../../api/api';
import type { Envelope } from '../../api/errors';
import type { ServerRoute } from '../../routes/types';

export const menuApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in user's permitted route tree (whereUse=0: the PC console). */
    getRouters: build.query<ServerRoute[], { silent?: boolean } | void>({
      query: (options) => ({ url: '/system/menu/getRouters', params: { whereUse: 0 }, silent: options?.silent }),
      transformResponse: (envelope: Envelope) => (Array.isArray(envelope.data) ? (envelope.data as ServerRoute[]) : []),
      keepUnusedDataFor: 0,
    }),
  }),
});
