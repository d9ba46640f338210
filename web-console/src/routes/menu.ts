import { matchPath } from 'react-router';
import type { ServerRoute, ServerRouteMeta } from './types';

/** External links start with http, https, mailto or tel and open in a new tab. */
export function isExternal(path: string | null | undefined): boolean {
  return typeof path === 'string' && /^(https?:|mailto:|tel:)/.test(path);
}

/** Joins a child's relative path onto its parent's full path. */
export function joinPath(base: string, path: string): string {
  if (isExternal(path)) return path;
  const joined = path.startsWith('/') ? path : `${base.replace(/\/+$/, '')}/${path}`;
  const collapsed = joined.replace(/\/{2,}/g, '/');
  return collapsed.length > 1 ? collapsed.replace(/\/+$/, '') : collapsed;
}

/** The menu title in the current language: titleEn in English when present, else title. */
export function routeTitle(meta: ServerRouteMeta | null | undefined, language: string): string {
  if (!meta) return '';
  if (language === 'en' && meta.titleEn) return meta.titleEn;
  return meta.title;
}

/** A route's `query` is a JSON object in a string; it becomes the search part of the link. */
export function routeSearch(query: string | null | undefined): string {
  if (!query) return '';
  try {
    const parsed: unknown = JSON.parse(query);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return '';
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
      if (value === undefined || value === null) continue;
      search.append(key, typeof value === 'string' ? value : JSON.stringify(value));
    }
    const text = search.toString();
    return text ? `?${text}` : '';
  } catch {
    return '';
  }
}

export interface MenuNode {
  /** Full path of the entry; unique within the menu. */
  key: string;
  meta: ServerRouteMeta;
  /** Where a click opens a new tab, for external links. */
  external?: string;
  /** Search part appended when navigating to the entry. */
  search: string;
  /** Present for a submenu, absent for a single entry. */
  children?: MenuNode[];
}

function visibleChildren(route: ServerRoute): ServerRoute[] {
  return (route.children ?? []).filter((child) => !child.hidden);
}

function externalTarget(route: ServerRoute, fullPath: string): string | undefined {
  const link = route.meta?.link;
  if (link && isExternal(link)) return link;
  if (isExternal(fullPath)) return fullPath;
  return undefined;
}

/** The server's icon value for "no icon". */
const NO_ICON = '#';

function leaf(route: ServerRoute, fullPath: string, fallbackIcon?: string | null): MenuNode | undefined {
  if (!route.meta) return undefined;
  const hasIcon = Boolean(route.meta.icon) && route.meta.icon !== NO_ICON;
  const meta = hasIcon || !fallbackIcon ? route.meta : { ...route.meta, icon: fallbackIcon };
  const node: MenuNode = { key: fullPath, meta, search: routeSearch(route.query) };
  const external = externalTarget(route, fullPath);
  if (external) node.external = external;
  return node;
}

/**
 * Builds the sidebar from the server's route tree: hidden routes are skipped, and a parent
 * with exactly one visible child (that has no visible children of its own) shows as that
 * single child, unless the parent asks to always show.
 */
export function buildMenu(routes: readonly ServerRoute[], basePath = ''): MenuNode[] {
  const nodes: MenuNode[] = [];
  for (const route of routes) {
    if (route.hidden) continue;
    const fullPath = joinPath(basePath, route.path);
    const children = visibleChildren(route);
    const onlyChild = children.length === 1 ? children[0] : undefined;
    let node: MenuNode | undefined;
    if (children.length === 0) {
      node = leaf(route, fullPath);
    } else if (onlyChild && !route.alwaysShow && visibleChildren(onlyChild).length === 0) {
      node = leaf(onlyChild, joinPath(fullPath, onlyChild.path), route.meta?.icon);
    } else if (route.meta) {
      node = { key: fullPath, meta: route.meta, search: '', children: buildMenu(children, fullPath) };
    } else {
      // A parent without a title of its own lends nothing to the menu; its children stand in.
      nodes.push(...buildMenu(children, fullPath));
    }
    if (node) nodes.push(node);
  }
  return nodes;
}

/** A server route flattened to its full path, for the router to resolve. */
export interface RouteEntry {
  path: string;
  component: string | undefined;
  meta: ServerRouteMeta | undefined;
  search: string;
  /** For a parent: where visiting it directly goes. */
  redirect?: string;
  /** Whether this entry is a parent (Layout/ParentView) rather than a page. */
  container: boolean;
}

function firstLeafPath(routes: readonly ServerRoute[], basePath: string): string | undefined {
  for (const route of routes) {
    if (route.hidden) continue;
    const fullPath = joinPath(basePath, route.path);
    if (externalTarget(route, fullPath)) continue;
    const children = visibleChildren(route);
    if (children.length === 0) return fullPath;
    const found = firstLeafPath(children, fullPath);
    if (found) return found;
  }
  return undefined;
}

/** Every internal route of the tree, parents included, by full path. */
export function flattenRoutes(routes: readonly ServerRoute[], basePath = ''): RouteEntry[] {
  const entries: RouteEntry[] = [];
  for (const route of routes) {
    const fullPath = joinPath(basePath, route.path);
    if (isExternal(fullPath)) continue;
    const children = route.children ?? [];
    const meta = route.meta ?? undefined;
    if (children.length > 0) {
      const declared = route.redirect && route.redirect !== 'noRedirect' ? route.redirect : undefined;
      const entry: RouteEntry = { path: fullPath, component: route.component ?? undefined, meta, search: '', container: true };
      const redirect = declared ?? firstLeafPath(children, fullPath);
      if (redirect) entry.redirect = redirect;
      entries.push(entry, ...flattenRoutes(children, fullPath));
    } else {
      entries.push({
        path: fullPath,
        component: route.component ?? undefined,
        meta,
        search: routeSearch(route.query),
        container: false,
      });
    }
  }
  return entries;
}

/** Server paths may constrain a parameter (`:tableId(\\d+)`); the router's patterns cannot. */
function patternOf(path: string): string {
  return path.replace(/(:\w+)\([^)]*\)/g, '$1');
}

/** The entry for a location's pathname: an exact path first, then patterns like `:tableId`. */
export function findRouteEntry(entries: readonly RouteEntry[], pathname: string): RouteEntry | undefined {
  const normalized = joinPath('', pathname);
  const exact = entries.find((entry) => entry.path === normalized);
  if (exact) return exact;
  return entries.find(
    (entry) => entry.path.includes(':') && matchPath({ path: patternOf(entry.path), end: true }, normalized) !== null,
  );
}

/** Home route, also the fallback when the server supplies no route. */
export const HOME_PATH = '/index';

/**
 * The first route after sign-in: the server's default menu when it names one, otherwise
 * the first visible page under the first visible route.
 */
export function firstRoutePath(defaultMenu: string | null | undefined, routes: readonly ServerRoute[]): string {
  const preferred = defaultMenu?.trim();
  if (preferred) return preferred.startsWith('/') ? preferred : `/${preferred}`;
  return firstLeafPath(routes, '') ?? HOME_PATH;
}
