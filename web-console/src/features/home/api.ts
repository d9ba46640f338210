import { api } from '../../api/api';
import type { Envelope } from '../../api/errors';

export interface DeviceFigures {
  gatewayTotal: number;
  gatewayOnline: number;
  gatewayOffline: number;
  loopTotal: number;
  loopOn: number;
  loopOff: number;
}

export interface AlarmFigures {
  open: number;
  serious: number;
  main: number;
  secondary: number;
}

export interface HomeNotice {
  noticeId: number;
  noticeTitle: string;
  noticeContent: string;
  publishTime?: string | null;
}

/** GET /project/project/getProjectMainPageInfo: a panel the caller may not read is null. */
export interface MainPage {
  project: { projectName: string; modules: { position: number; moduleCode: string }[] } | null;
  devices: DeviceFigures | null;
  alarms: AlarmFigures | null;
  notices: HomeNotice[];
}

const EMPTY: MainPage = { project: null, devices: null, alarms: null, notices: [] };

/** The home page's panels of the selected project; refreshed by the live stream (tag MainPage). */
export const homeApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMainPage: build.query<MainPage, void>({
      query: () => ({ url: '/project/project/getProjectMainPageInfo' }),
      transformResponse: (envelope: Envelope) => ({ ...EMPTY, ...(typeof envelope.data === 'object' && envelope.data !== null ? (envelope.data as Partial<MainPage>) : {}) }),
      providesTags: ['MainPage'],
    }),
  }),
});

export const { useGetMainPageQuery } = homeApi;
