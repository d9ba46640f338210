import { api } from '../../api/api';
import { createAppAsyncThunk } from '../../app/hooks';
import type { AppDispatch } from '../../app/store';
import type { SerializedApiError } from '../../api/errors';
import { clearConfigValues } from '../../app/configValues';
import { showMessage } from '../../app/feedback';
import { http } from '../../api/client';
import i18n from '../../i18n';
import { contentReloaded } from '../../app/uiSlice';
import {
  clearSelectedGroups,
  clearSessionCookies,
  EMPTY_PROJECT_ID,
  getProjectId,
  setExpiresAt,
  setMenuModule,
  setProject,
  setToken,
} from '../../lib/session';
import { firstRoutePath } from '../../routes/menu';
import { projectApi, type ProjectOption } from '../project/api';
import { chooseProject } from '../project/choice';
import { routesCleared, routesLoaded } from '../menu/routesSlice';
import { menuApi } from '../menu/api';
import { authApi } from './api';
import { loggedOut, menuModuleChanged, projectChanged, sessionLoaded, tokenChanged } from './authSlice';
import './i18n';

/** Remaining session time under which activity refreshes the session. */
export const REFRESH_THRESHOLD_MS = 10 * 60 * 1000;

/** Whether to call /auth/refresh now; an unknown expiry is learned by refreshing. */
export function shouldRefreshSession(now: number, expiresAt: number | undefined, thresholdMs = REFRESH_THRESHOLD_MS) {
  return expiresAt === undefined || expiresAt - now < thresholdMs;
}

/**
 * Puts the session in a project (issue 16; spec sections 4 and 9): the remembered one (the
 * projectId cookie) while the caller may still see it, otherwise the first of the drop list;
 * a caller without projects gets -1 and an empty name. A drop list that cannot be loaded
 * changes nothing (the pages' own requests tell what is wrong).
 */
export const settleProject = createAppAsyncThunk('auth/settleProject', async (_: void, { dispatch }) => {
  let projects: ProjectOption[];
  try {
    projects = await dispatch(
      projectApi.endpoints.getProjectDropList.initiate(undefined, { subscribe: false, forceRefetch: true }),
    ).unwrap();
  } catch {
    return;
  }
  const choice = chooseProject(getProjectId(), projects);
  setProject(choice.id ?? EMPTY_PROJECT_ID, choice.name);
  dispatch(projectChanged(choice));
});

/**
 * Loads user info and the route tree and settles the project (side by side); resolves with
 * the first route after sign-in. A failure of user info is the one shown; the route tree's
 * own failure is shown only when user info loaded.
 */
export const loadSession = createAppAsyncThunk('auth/loadSession', async (_: void, { dispatch }) => {
  const infoRequest = dispatch(authApi.endpoints.getInfo.initiate(undefined, { subscribe: false, forceRefetch: true }));
  const routesRequest = dispatch(
    menuApi.endpoints.getRouters.initiate({ silent: true }, { subscribe: false, forceRefetch: true }),
  );
  const routesResult = routesRequest.unwrap().then(
    (routes) => ({ ok: true as const, routes }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  // The project is settled alongside, before the first page asks for anything in it (and
  // before a failure logs out, so nothing is stored after the logout).
  const projectSettled = dispatch(settleProject());
  const info = await infoRequest.unwrap().finally(() => projectSettled);
  dispatch(sessionLoaded(info));
  const routes = await routesResult;
  if (!routes.ok) {
    const message = (routes.error as Partial<SerializedApiError> | undefined)?.message;
    if (message) showMessage('error', message);
    throw routes.error;
  }
  dispatch(routesLoaded(routes.routes));
  // Parameters such as the page title may differ for a signed-in caller.
  clearConfigValues();
  return firstRoutePath(info.defaultMenu, routes.routes);
});

/** Stores a new session's token and learns its expiry. */
const startSession = createAppAsyncThunk('auth/startSession', async (token: string, { dispatch }) => {
  storeToken(token, dispatch);
  await dispatch(refreshSession());
});

function storeToken(token: string, dispatch: AppDispatch): void {
  setToken(token);
  dispatch(tokenChanged(token));
}

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
  http.cancelPendingRequests();
  clearSessionCookies();
  clearConfigValues();
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

/**
 * After POST /login (features/auth/login.ts): stores the token, then loads the session.
 * Resolves with the first route; on failure logs out locally and rejects (already shown).
 */
export const completeSignIn = createAppAsyncThunk('auth/completeSignIn', async (token: string, { dispatch }) => {
  storeToken(token, dispatch);
  try {
    // The expiry is learned alongside; it is not needed to show the first page.
    const [firstRoute] = await Promise.all([dispatch(loadSession()).unwrap(), dispatch(refreshSession())]);
    return firstRoute;
  } catch (error) {
    await dispatch(localLogout());
    throw error;
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
      showMessage('error', i18n.t('auth.otherSystemFailed'));
      return false;
    }
    await dispatch(startSession(result.token));
    await dispatch(settleProject());
    return true;
  },
);

/**
 * Makes a project current (spec section 4): id and name in cookies, the selected scenery and
 * strong-current groups forgotten, requests of the old project cancelled, the main content
 * reloaded.
 */
export const selectProject = createAppAsyncThunk(
  'auth/selectProject',
  (project: { id: number | string; projectName: string }, { dispatch }) => {
    http.cancelPendingRequests();
    setProject(project.id, project.projectName);
    clearSelectedGroups();
    dispatch(projectChanged({ id: String(project.id), name: project.projectName }));
    dispatch(api.util.invalidateTags(['Project']));
    dispatch(contentReloaded());
  },
);

/** Switches the menu module (spec section 2); kept in the menuModule cookie. */
export const switchMenuModule = createAppAsyncThunk('auth/switchMenuModule', (menuModule: string, { dispatch }) => {
  setMenuModule(menuModule);
  dispatch(menuModuleChanged(menuModule));
});
