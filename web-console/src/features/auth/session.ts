import { api } from '../../api/api';
import { createAppAsyncThunk } from '../../app/hooks';
import { getFeedback, MESSAGE_SECONDS } from '../../app/feedback';
import i18n from '../../i18n';
import {
  clearSessionCookies,
  EMPTY_PROJECT_ID,
  setExpiresAt,
  setProject,
  setRememberedLogin,
  setToken,
} from '../../lib/session';
import { firstRoutePath } from '../../routes/menu';
import { projectApi } from '../project/api';
import { routesCleared, routesLoaded } from '../menu/routesSlice';
import { menuApi } from '../menu/api';
import { authApi } from './api';
import { loggedOut, projectChanged, sessionLoaded, tokenChanged } from './authSlice';

/** Remaining session time under which activity refreshes the session. */
export const REFRESH_THRESHOLD_MS = 10 * 60 * 1000;

/** Whether to call /auth/refresh now; an unknown expiry is learned by refreshing. */
export function shouldRefreshSession(now: number, expiresAt: number | undefined, thresholdMs = REFRESH_THRESHOLD_MS) {
  return expiresAt === undefined || expiresAt - now < thresholdMs;
}

/** Loads user info, then the route tree; resolves with the first route after sign-in. */
export const loadSession = createAppAsyncThunk('auth/loadSession', async (_: void, { dispatch }) => {
  const info = await dispatch(
    authApi.endpoints.getInfo.initiate(undefined, { subscribe: false, forceRefetch: true }),
  ).unwrap();
  dispatch(sessionLoaded(info));
  const routes = await dispatch(
    menuApi.endpoints.getRouters.initiate(undefined, { subscribe: false, forceRefetch: true }),
  ).unwrap();
  dispatch(routesLoaded(routes));
  // Parameters such as the page title may differ for a signed-in caller.
  dispatch(api.util.invalidateTags(['Config']));
  return firstRoutePath(info.defaultMenu, routes);
});

/** Stores a new session's token and learns its expiry. */
const startSession = createAppAsyncThunk('auth/startSession', async (token: string, { dispatch }) => {
  setToken(token);
  dispatch(tokenChanged(token));
  await dispatch(refreshSession());
});

/** Extends the session and stores the new expiry; failures are silent (the next call tells). */
export const refreshSession = createAppAsyncThunk('auth/refreshSession', async (_: void, { dispatch }) => {
  try {
    const expiresAt = await dispatch(authApi.endpoints.refreshSession.initiate()).unwrap();
    if (Number.isFinite(expiresAt) && expiresAt > 0) setExpiresAt(expiresAt);
  } catch {
    // keep the old expiry; a 401 on a real call will ask the user to sign in again
  }
});

/** Logout without the server: the spec's list of things to clear. */
export const localLogout = createAppAsyncThunk('auth/localLogout', (_: void, { dispatch }) => {
  clearSessionCookies();
  dispatch(loggedOut());
  dispatch(routesCleared());
  dispatch(api.util.resetApiState());
});

/** POST /logout, then the local part whatever the server said. */
export const logout = createAppAsyncThunk('auth/logout', async (_: void, { dispatch }) => {
  try {
    await dispatch(authApi.endpoints.logout.initiate()).unwrap();
  } finally {
    await dispatch(localLogout());
  }
});

export interface Credentials {
  username: string;
  password: string;
  code: string;
  uuid: string;
  rememberMe: boolean;
}

/**
 * Signs in with the login form, then loads the session. Resolves with the first route;
 * rejects when the server refused (already shown to the user by the client).
 */
export const signIn = createAppAsyncThunk('auth/signIn', async (credentials: Credentials, { dispatch }) => {
  const username = credentials.username.trim();
  const token = await dispatch(
    authApi.endpoints.login.initiate({
      username,
      password: credentials.password,
      code: credentials.code,
      uuid: credentials.uuid,
    }),
  ).unwrap();
  setRememberedLogin({ username, rememberMe: credentials.rememberMe });
  await dispatch(startSession(token));
  try {
    return await dispatch(loadSession()).unwrap();
  } catch (error) {
    await dispatch(localLogout());
    throw error;
  }
});

/** Makes the first of the caller's projects current, or none (-1) when there is none. */
export const selectFirstProject = createAppAsyncThunk('auth/selectFirstProject', async (_: void, { dispatch }) => {
  let projects: { id: number | string; projectName: string }[] = [];
  try {
    projects = await dispatch(
      projectApi.endpoints.getProjectDropList.initiate(undefined, { subscribe: false, forceRefetch: true }),
    ).unwrap();
  } catch {
    projects = [];
  }
  const first = projects[0];
  if (first) {
    setProject(first.id, first.projectName);
    dispatch(projectChanged({ id: String(first.id), name: first.projectName }));
  } else {
    setProject(EMPTY_PROJECT_ID, '');
    dispatch(projectChanged({ id: undefined, name: '' }));
  }
});

/**
 * Sign-in with another system's token (GET /loginByOtherSystem). Resolves true when signed
 * in; on status 'error' shows '认证信息异常' and resolves false.
 */
export const signInWithOtherSystem = createAppAsyncThunk(
  'auth/signInWithOtherSystem',
  async (foreignToken: string, { dispatch }) => {
    let result;
    try {
      result = await dispatch(authApi.endpoints.loginByOtherSystem.initiate(foreignToken)).unwrap();
    } catch {
      return false;
    }
    if (result.status === 'error' || !result.token) {
      void getFeedback()?.message.error({ content: i18n.t('auth.otherSystemFailed'), duration: MESSAGE_SECONDS });
      return false;
    }
    await dispatch(startSession(result.token));
    await dispatch(selectFirstProject());
    return true;
  },
);
