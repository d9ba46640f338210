import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { rememberLocation } from '../routes/lastLocation';
import TitleUpdater from './TitleUpdater';

/** The root route's element: the page title, then whatever the route renders. */
export default function RootShell() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    rememberLocation(pathname + search + hash);
  }, [pathname, search, hash]);
  return (
    <>
      <TitleUpdater />
      <Outlet />
    </>
  );
}
