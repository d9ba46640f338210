/** Routes anyone may open without a token (spec section 2). */
export const OPEN_ROUTES: readonly string[] = ['/login', '/auth-redirect', '/bind', '/register'];
export const LOGIN_PATH = '/login';

export interface GuardInput {
  pathname: string;
  /** The search part, with its leading '?' (or empty). */
  search: string;
  hasToken: boolean;
  /** Whether user info and server routes are loaded for this session. */
  routesLoaded: boolean;
}

export type GuardAction =
  /** Render the requested page. */
  | { type: 'allow' }
  /** Go elsewhere, replacing the current history entry. */
  | { type: 'redirect'; to: string }
  /** Sign in with another system's token, then continue at `continueTo` (token removed). */
  | { type: 'otherSystemLogin'; token: string; continueTo: string }
  /** Load user info and routes, then decide again. */
  | { type: 'loadSession' };

/** Login page URL that comes back to `target` (path and query) after signing in. */
export function loginUrl(target: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(target)}`;
}

/** A browser path without the console's base path (`/` when it is served at the root). */
export function stripBasename(pathname: string, basename: string): string {
  if (basename === '/' || !pathname.startsWith(basename)) return pathname;
  return pathname.slice(basename.length) || '/';
}

/** A path inside the console as the browser's address: under the base path. */
export function withBasename(path: string, basename: string): string {
  return basename === '/' ? path : basename + path;
}

/** The route guard as a pure decision. */
export function decideGuard({ pathname, search, hasToken, routesLoaded }: GuardInput): GuardAction {
  const query = new URLSearchParams(search);
  const foreignToken = query.get('token');
  if (foreignToken) {
    query.delete('token');
    const rest = query.toString();
    return { type: 'otherSystemLogin', token: foreignToken, continueTo: rest ? `${pathname}?${rest}` : pathname };
  }
  if (hasToken) {
    if (pathname === LOGIN_PATH) return { type: 'redirect', to: '/' };
    if (OPEN_ROUTES.includes(pathname)) return { type: 'allow' };
    return routesLoaded ? { type: 'allow' } : { type: 'loadSession' };
  }
  if (OPEN_ROUTES.includes(pathname)) return { type: 'allow' };
  return { type: 'redirect', to: loginUrl(pathname + search) };
}

/**
 * Where to go after signing in: the `redirect` parameter when it is a path inside the
 * console (never another site), otherwise the first route.
 */
export function postLoginTarget(redirect: string | null | undefined, firstRoute: string): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect === '/') return firstRoute;
  if (redirect === LOGIN_PATH || redirect.startsWith(`${LOGIN_PATH}?`)) return firstRoute;
  return redirect;
}
