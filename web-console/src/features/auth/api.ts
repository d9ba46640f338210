import { api } from '../../api/api';
import type { Envelope } from '../../api/errors';
import type { OtherSystemLogin, SessionInfo, UserProfile } from './types';

/** The role every user carries in state (spec section 6). */
export const DEFAULT_ROLE = 'ROLE_DEFAULT';

function toStringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

export function toSessionInfo(envelope: Envelope): SessionInfo {
  const user = (envelope.user ?? {}) as Partial<UserProfile>;
  return {
    user: {
      userId: user.userId ?? '',
      userName: user.userName ?? '',
      nickName: user.nickName ?? user.userName ?? '',
      avatar: user.avatar ?? '',
      email: user.email,
      phonenumber: user.phonenumber,
      sex: user.sex,
    },
    // The server sends the role keys (for RuoYi clients); the console keeps only ROLE_DEFAULT
    // and decides access by permissions alone (spec sections 4 and 6).
    roles: [DEFAULT_ROLE],
    permissions: toStringList(envelope.permissions),
    defaultMenu: typeof envelope.defultMenu === 'string' ? envelope.defultMenu : '',
  };
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    getInfo: build.query<SessionInfo, void>({
      query: () => ({ url: '/getInfo' }),
      transformResponse: toSessionInfo,
      keepUnusedDataFor: 0,
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: '/logout', method: 'POST' }),
      transformResponse: () => undefined,
    }),
    /** Extends the session; answers the new expiry (unix ms). */
    refreshSession: build.mutation<number, void>({
      query: () => ({ url: '/auth/refresh', method: 'POST', silent: true }),
      transformResponse: (envelope: Envelope) => Number(envelope.data),
    }),
    loginByOtherSystem: build.mutation<OtherSystemLogin, string>({
      query: (token) => ({ url: '/loginByOtherSystem', params: { token }, isToken: false }),
      transformResponse: (envelope: Envelope): OtherSystemLogin => {
        const data = (envelope.data ?? {}) as Partial<OtherSystemLogin>;
        return { status: data.status === 'success' ? 'success' : 'error', token: data.token ?? '' };
      },
    }),
  }),
});

export const { useLogoutMutation } = authApi;
