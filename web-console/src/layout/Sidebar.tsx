import { useMemo } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAppSelector } from '../app/hooks';
import { selectRouteEntries } from '../features/menu/routesSlice';
import { findRouteEntry, routeTitle, type MenuNode } from '../routes/menu';
import { menuIcon } from './menuIcons';
import { useVisibleMenu } from './useVisibleMenu';

type MenuItem = Required<MenuProps>['items'][number];

function toItems(nodes: readonly MenuNode[], language: string): MenuItem[] {
  return nodes.map((node) => ({
    key: node.key,
    icon: menuIcon(node.meta.icon),
    label: routeTitle(node.meta, language),
    children: node.children ? toItems(node.children, language) : undefined,
  }));
}

function indexNodes(nodes: readonly MenuNode[], into = new Map<string, MenuNode>()): Map<string, MenuNode> {
  for (const node of nodes) {
    into.set(node.key, node);
    if (node.children) indexNodes(node.children, into);
  }
  return into;
}

/** Keys of the submenus on the way to `key`. */
function ancestorKeys(nodes: readonly MenuNode[], key: string): string[] {
  for (const node of nodes) {
    if (!node.children) continue;
    if (node.children.some((child) => child.key === key)) return [node.key];
    const below = ancestorKeys(node.children, key);
    if (below.length > 0) return [node.key, ...below];
  }
  return [];
}

/**
 * The left menu, built from the user's permitted routes (spec section 2): hidden routes
 * skipped, single children lifted, external links opened in a new tab.
 */
export default function Sidebar({ collapsed }: { collapsed: boolean }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const menu = useVisibleMenu();
  const entries = useAppSelector(selectRouteEntries);
  const items = useMemo(() => toItems(menu, i18n.language), [menu, i18n.language]);
  const nodesByKey = useMemo(() => indexNodes(menu), [menu]);
  const activeMenu = findRouteEntry(entries, pathname)?.meta?.activeMenu;
  const selectedKey = activeMenu || pathname;
  const defaultOpenKeys = useMemo(() => ancestorKeys(menu, selectedKey), [menu, selectedKey]);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const node = nodesByKey.get(key);
    if (!node) return;
    if (node.external) {
      window.open(node.external, '_blank', 'noopener,noreferrer');
      return;
    }
    void navigate(node.key + node.search);
  };

  return (
    <nav aria-label={t('layout.sidebar')}>
      <Menu
        mode="inline"
        theme="dark"
        inlineCollapsed={collapsed}
        items={items}
        selectedKeys={[selectedKey]}
        defaultOpenKeys={collapsed ? [] : defaultOpenKeys}
        onClick={onClick}
      />
    </nav>
  );
}
