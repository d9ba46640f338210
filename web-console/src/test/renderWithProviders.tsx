import type { ReactElement, ReactNode } from 'react';
import { StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers';
import { appRoutes } from '../app/router';
import { makeStore, type AppStore, type RootState } from '../app/store';
import { provideStore } from '../app/storeAccess';
import '../i18n';

export interface RenderOptions {
  store?: AppStore;
  preloadedState?: Partial<RootState>;
  /** Initial URL (path and query). */
  route?: string;
  /** Path pattern the element is mounted at; other paths render a blank probe. */
  path?: string;
  /** Extra routes next to the one under test. */
  routes?: RouteObject[];
}

/**
 * antd's CSS-in-JS would insert hundreds of style rules that jsdom parses on every render and
 * consults on every role query; rendering "as on a server" keeps tests fast and changes nothing
 * a person would see in the DOM tree.
 */
function TestStyles({ children }: { children: ReactNode }) {
  return <StyleProvider mock="server">{children}</StyleProvider>;
}

/**
 * antd's motion off: a validation message or a dialog that animates in is replaced by a new
 * node when its motion ends, and a query that found the first node then asserts on a node no
 * longer in the document (seen on loaded machines). A person sees the same end state.
 */
const NO_MOTION = { token: { motion: false } } as const;

/** Redux (which the app loads with the first signed-in page), antd theme and feedback. */
function Providers({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <TestStyles>
      <Provider store={store}>
        <AppProviders>
          <ConfigProvider theme={NO_MOTION}>{children}</ConfigProvider>
        </AppProviders>
      </Provider>
    </TestStyles>
  );
}

/** Renders like the app does: Redux store, antd theme and feedback, i18n, a memory router. */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  const store = options.store ?? makeStore(options.preloadedState);
  provideStore(store);
  const router = createMemoryRouter(
    [
      { path: options.path ?? '*', element: ui },
      ...(options.routes ?? []),
      { path: '*', element: <div data-testid="elsewhere" /> },
    ],
    { initialEntries: [options.route ?? '/'] },
  );
  return mount(store, router);
}

/** Renders the whole console (guard, lazy pages, layout) at `route`, as main.tsx does. */
export function renderApp(options: { route?: string; store?: AppStore } = {}) {
  const store = options.store ?? makeStore();
  provideStore(store);
  const router = createMemoryRouter(appRoutes(), { initialEntries: [options.route ?? '/'] });
  return mount(store, router);
}

/**
 * Renders `router` inside the providers, with a user-event session. `delay: null` runs each
 * typed key and click straight after the one before: with the default (0) user-event waits
 * for a timer between every two, which made typing-heavy page tests several times slower
 * without testing anything more (the components see the same events either way).
 */
function mount(store: AppStore, router: ReturnType<typeof createMemoryRouter>) {
  const user = userEvent.setup({ delay: null });
  const result = render(
    <Providers store={store}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { store, router, user, ...result };
}
