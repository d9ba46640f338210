import { replace, type LoaderFunctionArgs } from 'react-router';
import { getToken } from '../lib/session';
import { decideGuard, stripBasename } from '../routes/guard';
import type { AppStore } from './store';

/**
 * The route guard (spec section 2) as the root route's loader: it runs before every
 * navigation, carries out what decideGuard says, and decides again when it changed something.
 */
/** The session code (Redux Toolkit, RTK Query) is loaded only once a token exists. */
const sessionModule = () => import('../features/auth/session');

export function createGuardLoader(getStore: () => Promise<AppStore>, basename = '/') {
  let pendingSession: Promise<boolean> | undefined;

  /** One session load at a time, however many navigations wait for it. */
  function ensureSession(store: AppStore): Promise<boolean> {
    pendingSession ??= sessionModule()
      .then(({ loadSession, localLogout }) =>
        store
          .dispatch(loadSession())
          .unwrap()
          .then(
            () => true,
            async () => {
              await store.dispatch(localLogout());
              return false;
            },
          ),
      )
      .finally(() => {
        pendingSession = undefined;
      });
    return pendingSession;
  }

  return async function guardLoader({ request }: LoaderFunctionArgs) {
    const url = new URL(request.url);
    const pathname = stripBasename(url.pathname, basename);
    const hasToken = Boolean(getToken());
    const store = hasToken ? await getStore() : undefined;
    const action = decideGuard({
      pathname,
      search: url.search,
      hasToken,
      routesLoaded: store?.getState().routes.loaded ?? false,
    });
    switch (action.type) {
      case 'allow':
        return null;
      case 'redirect':
        return replace(action.to);
      case 'otherSystemLogin': {
        const [{ signInWithOtherSystem }, sessionStore] = await Promise.all([sessionModule(), store ?? getStore()]);
        await sessionStore.dispatch(signInWithOtherSystem(action.token));
        // Decide again on the URL without the token (history entry replaced).
        return replace(action.continueTo);
      }
      case 'loadSession': {
        // User info failing to load: the client showed why; log out locally and go to '/'.
        if (!store) return null;
        const loaded = await ensureSession(store);
        return loaded ? null : replace('/');
      }
    }
  };
}
