import { api } from '../../api/api';
import type { Envelope } from '../../api/errors';
import type { ScreenData } from './types';

/** The screen's tag: the live stream's alarm, gateway and resync events invalidate it (throttled, see DataScreenPage). */
export const SCREEN_TAG = 'DataScreen';

/** The big screen's one call; its tag is added here so the shell's API does not carry it. */
export const screenApi = api.enhanceEndpoints({ addTagTypes: [SCREEN_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    getScreen: build.query<ScreenData, void>({
      query: () => ({ url: '/project/project/getScreenAllProjectInfo' }),
      transformResponse: (envelope: Envelope) => envelope.data as ScreenData,
      providesTags: [SCREEN_TAG],
    }),
  }),
});

export const { useGetScreenQuery } = screenApi;
