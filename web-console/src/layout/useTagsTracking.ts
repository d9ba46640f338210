import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { selectRouteEntries } from '../features/menu/routesSlice';
import { resolveRouteMeta, type RouteEntry } from '../routes/menu';
import { affixRoutes, isRedirectPath, staticRouteMeta } from '../routes/staticRoutes';
import { viewAdded, type TagView } from './tagsViewSlice';

/** The tab of a page, when it has a title (pages without one get no tab). */
export function tagViewOf(entries: readonly RouteEntry[], pathname: string, search: string): TagView | undefined {
  if (isRedirectPath(pathname)) return undefined;
  const meta = resolveRouteMeta(entries, pathname, staticRouteMeta);
  if (!meta?.title) return undefined;
  const view: TagView = { path: pathname, fullPath: pathname + search, title: meta.title };
  if (meta.titleEn) view.titleEn = meta.titleEn;
  if (meta.affix) view.affix = true;
  if (meta.noCache) view.noCache = true;
  return view;
}

/** Pinned tabs first (spec: affix tabs), then one tab per visited page. */
export function useTagsTracking(enabled: boolean): void {
  const dispatch = useAppDispatch();
  const { pathname, search } = useLocation();
  const entries = useAppSelector(selectRouteEntries);

  useEffect(() => {
    if (!enabled) return;
    for (const { path, meta } of affixRoutes()) {
      const view = tagViewOf(entries, path, '');
      if (view) dispatch(viewAdded({ ...view, affix: meta.affix ?? true }));
    }
    for (const entry of entries) {
      if (!entry.container && entry.meta?.affix && !entry.path.includes(':')) {
        const view = tagViewOf(entries, entry.path, entry.search);
        if (view) dispatch(viewAdded(view));
      }
    }
  }, [dispatch, entries, enabled]);

  useEffect(() => {
    if (!enabled) return;
    const view = tagViewOf(entries, pathname, search);
    if (view) dispatch(viewAdded(view));
  }, [dispatch, entries, pathname, search, enabled]);
}
