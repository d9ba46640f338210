import type { ComponentType } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import PageLoading from '../components/PageLoading';
import { HOME_PATH } from '../routes/menu';
import { createGuardLoader } from './guardLoader';
import RouteErrorPage from './RouteErrorPage';
import RootShell from './RootShell';
import type { AppStore } from './store';

/** Route-level code splitting: the sign-in page never loads the layout or module pages. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/** Static routes; server routes are resolved by the catch-all inside the main layout. */
export function appRoutes(store: AppStore, basename = '/'): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootShell,
      HydrateFallback: PageLoading,
      ErrorBoundary: RouteErrorPage,
      loader: createGuardLoader(store, basename),
      // The guard must run on every navigation, not only when the root's params change.
      shouldRevalidate: () => true,
      children: [
        { path: 'login', lazy: page(() => import('../features/auth/LoginPage')) },
        { path: 'auth-redirect', lazy: page(() => import('../features/notAvailable/StandaloneNotAvailablePage')) },
        { path: 'bind', lazy: page(() => import('../features/notAvailable/StandaloneNotAvailablePage')) },
        { path: 'register', lazy: page(() => import('../features/notAvailable/StandaloneNotAvailablePage')) },
        { path: '404', lazy: page(() => import('../features/errors/NotFoundPage')) },
        { path: '401', lazy: page(() => import('../features/errors/UnauthorizedPage')) },
        {
          lazy: page(() => import('../layout/MainLayout')),
          children: [
            { index: true, element: <Navigate to={HOME_PATH} replace /> },
            { path: 'index', lazy: page(() => import('../features/home/HomePage')) },
            { path: 'user/profile', lazy: page(() => import('../features/profile/ProfilePage')) },
            { path: 'redirect/*', lazy: page(() => import('../routes/RedirectPage')) },
            { path: '*', lazy: page(() => import('../routes/ServerRoutePage')) },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(store: AppStore) {
  const basename = import.meta.env.BASE_URL.replace(/\/$/, '') || '/';
  return createBrowserRouter(appRoutes(store, basename), { basename });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
