import type { ComponentType } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import BootLoading from '../components/BootLoading';
import { dataScreenLoader } from '../features/dataScreen/loader';
import { CONSOLE_BASENAME, HOME_PATH } from '../routes/paths';
import { DEMO_PATH } from '../routes/staticRoutes';
import i18n from '../i18n';
import { loadAntdLocale } from './antdLocale';
import { createGuardLoader } from './guardLoader';
import RouteErrorPage from './RouteErrorPage';
import RootShell from './RootShell';
import { loadStore } from './storeAccess';

/** Route-level code splitting: the sign-in page never loads the layout or module pages. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/** A page that reads the Redux store: the store (and Redux itself) comes with it. */
const storePage = (load: () => Promise<{ default: ComponentType }>) => async () => {
  const [store, { default: Page }, { withStore }] = await Promise.all([
    loadStore(),
    load(),
    import('./StoreProvider'),
    loadAntdLocale(i18n.language),
  ]);
  return { Component: withStore(store, Page) };
};

/** Pages inside the main layout that are not server routes (spec section 2). */
function layoutChildren(): RouteObject[] {
  const children: RouteObject[] = [
    { index: true, element: <Navigate to={HOME_PATH} replace /> },
    { path: 'index', lazy: page(() => import('../features/home/HomePage')) },
    { path: 'user/profile', lazy: page(() => import('../features/profile/center/ProfilePage')) },
    { path: 'mainPage', lazy: page(() => import('../features/mainPage/MainPage')) },
    { path: 'redirect/*', lazy: page(() => import('../routes/RedirectPage')) },
  ];
  if (import.meta.env.DEV) {
    // Shared components on show; development builds only.
    children.push({ path: DEMO_PATH.slice(1), lazy: page(() => import('../features/demo/ComponentsDemoPage')) });
  }
  children.push({ path: '*', lazy: page(() => import('../routes/ServerRoutePage')) });
  return children;
}

/** Static routes; server routes are resolved by the catch-all inside the main layout. */
export function appRoutes(basename = '/'): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootShell,
      HydrateFallback: BootLoading,
      ErrorBoundary: RouteErrorPage,
      loader: createGuardLoader(loadStore, basename),
      // The guard must run on every navigation, not only when the root's params change.
      shouldRevalidate: () => true,
      children: [
        { path: 'login', lazy: page(() => import('../features/auth/login/LoginPage')) },
        { path: 'auth-redirect', lazy: page(() => import('../features/notAvailable/StandaloneNotAvailablePage')) },
        { path: 'bind', lazy: page(() => import('../features/notAvailable/StandaloneNotAvailablePage')) },
        { path: 'register', lazy: page(() => import('../features/notAvailable/StandaloneNotAvailablePage')) },
        { path: '404', lazy: page(() => import('../features/errors/NotFoundPage')) },
        { path: '401', lazy: page(() => import('../features/errors/UnauthorizedPage')) },
        {
          path: 'dataScreen',
          loader: dataScreenLoader,
          lazy: storePage(() => import('../features/dataScreen/DataScreenPage')),
        },
        { lazy: storePage(() => import('../layout/MainLayout')), children: layoutChildren() },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes(CONSOLE_BASENAME), { basename: CONSOLE_BASENAME });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
