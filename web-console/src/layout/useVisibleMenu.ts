import { useMemo } from 'react';
import { useAppSelector } from '../app/hooks';
import { useConfigValue } from '../app/configValues';
import { selectMenuModule } from '../features/auth/authSlice';
import { selectRouteTree } from '../features/menu/routesSlice';
import { buildMenu, filterByMenuModule, HOME_PATH, type MenuNode } from '../routes/menu';
import { staticRouteMeta } from '../routes/staticRoutes';

/** Config key of the menu mode (spec section 3; '0' means no menu modules). */
export const MENU_MODE_KEY = 'sys.menu.mode';

/** The home page heads the menu unless the server's routes already hold it. */
export function withHome(nodes: MenuNode[]): MenuNode[] {
  const meta = staticRouteMeta(HOME_PATH);
  if (!meta || nodes.some((node) => node.key === HOME_PATH)) return nodes;
  return [{ key: HOME_PATH, meta, search: '' }, ...nodes];
}

/** The sidebar's entries: permitted routes of the current menu module, home first. */
export function useVisibleMenu(): MenuNode[] {
  const tree = useAppSelector(selectRouteTree);
  const menuModule = useAppSelector(selectMenuModule);
  const menuMode = useConfigValue(MENU_MODE_KEY);
  return useMemo(() => withHome(buildMenu(filterByMenuModule(tree, menuMode, menuModule))), [tree, menuMode, menuModule]);
}

/** Every permitted page whatever the module, home first (for the header search). */
export function useAllMenu(): MenuNode[] {
  const tree = useAppSelector(selectRouteTree);
  return useMemo(() => withHome(buildMenu(tree)), [tree]);
}
