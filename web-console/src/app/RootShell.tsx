import { Outlet } from 'react-router';
import TitleUpdater from './TitleUpdater';

/** The root route's element: the page title, then whatever the route renders. */
export default function RootShell() {
  return (
    <>
      <TitleUpdater />
      <Outlet />
    </>
  );
}
