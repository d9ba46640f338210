import type { ServerRouteMeta } from './types';

/** Route of the shared-components demo (development builds only). */
export const DEMO_PATH = '/demo/components';
export const PROFILE_PATH = '/user/profile';
export const DATA_SCREEN_PATH = '/dataScreen';
export const MAIN_PAGE_PATH = '/mainPage';
/** Prefix of the internal refresh route; the breadcrumb and tags view ignore it. */
export const REDIRECT_PREFIX = '/redirect';

/**
 * Titles of the console's own pages inside the main layout (spec section 2). The home page
 * is pinned in the tags view (affix).
 */
const STATIC_META: Readonly<Record<string, ServerRouteMeta>> = {
  '/index': { title: '首页', titleEn: 'Home', icon: 'home', affix: true },
  [PROFILE_PATH]: { title: '个人中心', titleEn: 'Personal Center', icon: 'user' },
  [MAIN_PAGE_PATH]: { title: '项目主页', titleEn: 'Main Page', icon: 'dashboard' },
  [DEMO_PATH]: { title: '组件示例', titleEn: 'Components Demo', icon: 'tool', noCache: true },
};

export function staticRouteMeta(pathname: string): ServerRouteMeta | undefined {
  return Object.hasOwn(STATIC_META, pathname) ? STATIC_META[pathname] : undefined;
}

/** The pinned pages, shown in the tags view from the start. */
export function affixRoutes(): { path: string; meta: ServerRouteMeta }[] {
  return Object.entries(STATIC_META)
    .filter(([, meta]) => meta.affix)
    .map(([path, meta]) => ({ path, meta }));
}

export function isRedirectPath(pathname: string): boolean {
  return pathname === REDIRECT_PREFIX || pathname.startsWith(`${REDIRECT_PREFIX}/`);
}
