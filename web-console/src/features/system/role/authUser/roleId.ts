import { matchPath } from 'react-router';

/** The role id in the location (the sub-page's `authUser/:roleId`), read through the route's own pattern. */
export function roleIdOf(pattern: string | undefined, pathname: string): number | undefined {
  const params = pattern ? matchPath({ path: pattern, end: true }, pathname)?.params : undefined;
  const raw = params?.roleId ?? pathname.split('/').filter(Boolean).at(-1);
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** The role list's path: the sub-page's path without its `authUser/:roleId`. */
export function roleListPath(pathname: string): string {
  return pathname.replace(/\/authUser\/[^/]*\/?$/, '') || '/';
}
