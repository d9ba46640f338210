import { joinPath, type RouteEntry } from './menu';
import type { ServerRouteMeta } from './types';

/** Component names of the console's own sub-pages (no menu entry on the server). */
export const GATEWAY_DETAIL_COMPONENT = 'lighting/gateway/detail';
/** A role's user assignment (RuoYi-Vue's hidden route `system/role/authUser`). */
export const ROLE_AUTH_USER_COMPONENT = 'system/role/authUser';

/**
 * Pages below a server page that have no menu entry of their own (a gateway's detail): they
 * exist for a user exactly when the parent page does, take their place in the breadcrumb
 * under it, and keep the parent selected in the sidebar.
 */
interface SubPage {
  parent: string;
  /** Relative to the parent page's path; may hold parameters. */
  path: string;
  component: string;
  meta: ServerRouteMeta;
}

const SUB_PAGES: readonly SubPage[] = [
  {
    parent: 'lighting/gateway/index',
    path: 'detail/:gatewayId',
    component: GATEWAY_DETAIL_COMPONENT,
    meta: { title: '网关详情', titleEn: 'Gateway Detail', icon: '#' },
  },
  {
    parent: 'system/role/index',
    path: 'authUser/:roleId',
    component: ROLE_AUTH_USER_COMPONENT,
    meta: { title: '分配用户', titleEn: 'Assign Users', icon: '#' },
  },
];

/** The route entries with the sub-pages of every page the user may open. */
export function withSubPages(entries: readonly RouteEntry[]): RouteEntry[] {
  const added: RouteEntry[] = [];
  for (const entry of entries) {
    if (entry.container) continue;
    for (const sub of SUB_PAGES) {
      if (sub.parent !== entry.component) continue;
      added.push({
        path: joinPath(entry.path, sub.path),
        component: sub.component,
        meta: { ...sub.meta, activeMenu: entry.path },
        search: '',
        container: false,
      });
    }
  }
  return added.length === 0 ? [...entries] : [...entries, ...added];
}

/** The path of a sub-page of the page at `parentPath`, parameters filled in. */
export function subPagePath(parentPath: string, component: string, params: Record<string, string | number>): string {
  const sub = SUB_PAGES.find((candidate) => candidate.component === component);
  const relative = (sub?.path ?? '').replace(/:(\w+)/g, (_match, name: string) =>
    encodeURIComponent(String(params[name] ?? '')),
  );
  return joinPath(parentPath, relative);
}
