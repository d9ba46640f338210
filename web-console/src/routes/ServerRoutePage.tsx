import { Suspense, createElement } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAppSelector } from '../app/hooks';
import PageLoading from '../components/PageLoading';
import ProjectRequired from '../components/ProjectRequired';
import NotFoundPage from '../features/errors/NotFoundPage';
import { selectRouteEntries } from '../features/menu/routesSlice';
import { findRouteEntry } from './menu';
import { needsProject, pageFor } from './registry';

/**
 * Renders the server route at the current location through the component registry; a page
 * of the project's data only inside a project (otherwise the prompt to choose one).
 */
export default function ServerRoutePage() {
  const { pathname } = useLocation();
  const entries = useAppSelector(selectRouteEntries);
  const entry = findRouteEntry(entries, pathname);
  if (!entry) return <NotFoundPage />;
  if (entry.container) {
    return entry.redirect ? <Navigate to={entry.redirect} replace /> : <NotFoundPage />;
  }
  const page = <Suspense fallback={<PageLoading />}>{createElement(pageFor(entry.component), { route: entry })}</Suspense>;
  return needsProject(entry.component) ? <ProjectRequired>{page}</ProjectRequired> : page;
}
