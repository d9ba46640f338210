import { matchPath } from 'react-router';
import { HOME_PATH, isExternal } from './paths';
import type { ServerRoute, ServerRouteMeta } from './types';

export { HOME_PATH, isExternal };

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


/**
 * The first route after sign-in: the server's default menu when it names one, otherwise
 * the first visible page under the first visible route.
 */
export function firstRoutePath(defaultMenu: string | null | undefined, routes: readonly ServerRoute[]): string {
  const preferred = defaultMenu?.trim();
  if (preferred) return preferred.startsWith('/') ? preferred : `/${preferred}`;
  return firstLeafPath(routes, '') ?? HOME_PATH;
}

/** The menu module whose routes are never a switcher target (spec section 2). */
export const DATA_SCREEN_MODULE = 'dataScreen';
/** sys.menu.mode value meaning "no menu modules": every route shows. */
export const MENU_MODE_OFF = '0';

/** Whether the menu-module switcher is on: sys.menu.mode known and not '0'. */
export function menuModulesOn(menuMode: string | undefined): boolean {
  return menuMode !== undefined && menuMode.trim() !== '' && menuMode.trim() !== MENU_MODE_OFF;
}

/**
 * Top-level routes of one menu module when menu modules are on; all routes otherwise.
 * A route without a module belongs to every module.
 */
export function filterByMenuModule(
  routes: readonly ServerRoute[],
  menuMode: string | undefined,
  menuModule: string,
): ServerRoute[] {
  if (!menuModulesOn(menuMode)) return [...routes];
  return routes.filter((route) => !route.menuModule || route.menuModule === menuModule);
}

/**
 * Where switching to a module goes: the first visible child of the first route in that
 * module, or '/' when the module has none.
 */
export function firstPathOfModule(routes: readonly ServerRoute[], menuModule: string): string {
  const first = routes.find((route) => !route.hidden && route.menuModule === menuModule);
  if (!first) return '/';
  return firstLeafPath([first], '') ?? '/';
}

/** A page's title, tab and cache settings: the console's own pages first, then server routes. */
export function resolveRouteMeta(
  entries: readonly RouteEntry[],
  pathname: string,
  staticMeta: (pathname: string) => ServerRouteMeta | undefined,
): ServerRouteMeta | undefined {
  const own = staticMeta(pathname);
  if (own) return own;
  const entry = findRouteEntry(entries, pathname);
  return entry && !entry.container ? (entry.meta ?? undefined) : undefined;
}

export interface BreadcrumbStep {
  /** Link target; absent for the last step and for parents (they only group pages). */
  to?: string;
  meta: ServerRouteMeta;
}

/**
 * The breadcrumb of a page (spec section 2): the home page first, then every route on the
 * way with a title, unless it turns the breadcrumb off. Empty for the home page itself.
 */
export function breadcrumbTrail(
  entries: readonly RouteEntry[],
  pathname: string,
  staticMeta: (pathname: string) => ServerRouteMeta | undefined,
): BreadcrumbStep[] {
  const normalized = joinPath('', pathname);
  if (normalized === HOME_PATH) return [];
  const chain: { path: string; meta: ServerRouteMeta; container: boolean }[] = [];
  const own = staticMeta(normalized);
  if (own) {
    chain.push({ path: normalized, meta: own, container: false });
  } else {
    const leaf = findRouteEntry(entries, normalized);
    if (!leaf) return [];
    const segments = leaf.path.split('/').filter(Boolean);
    for (let index = 1; index < segments.length; index += 1) {
      const prefix = `/${segments.slice(0, index).join('/')}`;
      const parent = entries.find((entry) => entry.path === prefix);
      if (parent?.meta?.title) chain.push({ path: prefix, meta: parent.meta, container: parent.container });
    }
    if (leaf.meta?.title) chain.push({ path: normalized, meta: leaf.meta, container: leaf.container });
  }
  const home = staticMeta(HOME_PATH) ?? { title: '首页', titleEn: 'Home' };
  const steps = [{ path: HOME_PATH, meta: home, container: false }, ...chain].filter(
    (step) => step.meta.title && step.meta.breadcrumb !== false,
  );
  return steps.map((step, index) =>
    index === steps.length - 1 || step.container ? { meta: step.meta } : { to: step.path, meta: step.meta },
  );
}

/** One searchable page for the header search. */
export interface SearchablePage {
  /** Internal path or external link. */
  path: string;
  /** Title chain (parents first) in Chinese and in English. */
  titleZh: string[];
  titleEn: string[];
  external: boolean;
  search: string;
}

/** Every page of the menu with the titles on its way, for the header search. */
export function searchablePages(nodes: readonly MenuNode[], parentsZh: string[] = [], parentsEn: string[] = []): SearchablePage[] {
  const pages: SearchablePage[] = [];
  for (const node of nodes) {
    const zh = [...parentsZh, node.meta.title];
    const en = [...parentsEn, node.meta.titleEn || node.meta.title];
    if (node.children) {
      pages.push(...searchablePages(node.children, zh, en));
    } else {
      pages.push({
        path: node.external ?? node.key,
        titleZh: zh,
        titleEn: en,
        external: Boolean(node.external),
        search: node.search,
      });
    }
  }
  return pages;
}
