import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import 'antd/dist/reset.css';
import './index.css';
import './i18n';
import { AppProviders } from './app/providers';
import { provideStore } from './app/storeAccess';
import BootLoading from './components/BootLoading';
import PageFailed from './components/PageFailed';
import { getToken } from './lib/session';
import { LOGIN_PATH, decideGuard, stripBasename, withBasename } from './routes/guard';
import { CONSOLE_BASENAME } from './routes/paths';

// Redux and RTK Query arrive with the first signed-in page, not with the sign-in page.
provideStore(() => import('./app/storeInstance').then((module) => module.store));

const container = document.getElementById('root');
if (!container) throw new Error('missing #root');
const root = createRoot(container);

function show(page: ReactNode) {
  root.render(
    <StrictMode>
      <AppProviders>{page}</AppProviders>
    </StrictMode>,
  );
}

/** Shows what `load` gives once its code has arrived, or why it could not. */
async function showLoaded(load: () => Promise<ReactNode>) {
  try {
    show(await load());
  } catch (error) {
    show(<PageFailed detail={error instanceof Error ? error.message : undefined} />);
  }
}

const loadRouter = () => import('./app/routerRoot');

/** The console behind the sign-in (router, guard, pages), at the address the browser shows. */
const startRouter = () => showLoaded(async () => (await loadRouter()).routerRoot());

/**
 * The sign-in page's address (path and query, inside the console) when the guard would show
 * it now: no session, and /login asked for or a page that needs a session. Otherwise
 * undefined, and the router decides.
 */
function signInAddress(): string | undefined {
  if (getToken()) return undefined;
  const { pathname, search } = window.location;
  const path = stripBasename(pathname, CONSOLE_BASENAME);
  const action = decideGuard({ pathname: path, search, hasToken: false, routesLoaded: false });
  if (action.type === 'allow') return path === LOGIN_PATH ? path + search : undefined;
  if (action.type === 'redirect' && action.to.startsWith(`${LOGIN_PATH}?`)) return action.to;
  return undefined;
}

show(<BootLoading />);
const signIn = signInAddress();
if (signIn) {
  // What the guard would do, without the router: the sign-in page first, the router with the
  // submit (issue 17's sign-in budget).
  window.history.replaceState(null, '', withBasename(signIn, CONSOLE_BASENAME));
  const enter = async (target: string) => {
    window.history.replaceState(null, '', withBasename(target, CONSOLE_BASENAME));
    await startRouter();
  };
  void showLoaded(async () => {
    const { default: StandaloneLoginPage } = await import('./features/auth/login/StandaloneLoginPage');
    return <StandaloneLoginPage prepare={loadRouter} enter={enter} />;
  });
} else {
  void startRouter();
}
