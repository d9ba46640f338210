import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { http, type RequestConfig } from './client';
import { serializeApiError, type Envelope, type SerializedApiError } from './errors';

/** Arguments of every endpoint: the client's request config without the abort signal. */
export type ApiArgs = Omit<RequestConfig, 'signal'>;

/** RTK Query's base query on top of the one HTTP client; errors were already shown there. */
export const clientBaseQuery: BaseQueryFn<ApiArgs, Envelope, SerializedApiError> = async (args, { signal }) => {
  try {
    const data = await http.request<Envelope>({ ...args, signal });
    return { data };
  } catch (error) {
    return { error: serializeApiError(error) };
  }
};

/** The one RTK Query API; features add their endpoints with `api.injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: clientBaseQuery,
  tagTypes: ['Dict', 'Project', 'Profile', 'Gateway', 'GatewayHistory', 'OneKeyRecord', 'AlarmType', 'Alarm', 'AlarmOpenCount', 'MainPage'],
  endpoints: () => ({}),
});
