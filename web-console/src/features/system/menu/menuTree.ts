import { buildTree, type TreeNode } from '../../../lib/tree';
import type { TreeOption } from '../shared/deptTree';
import type { Menu } from '../types';

/** A row of the menu tree table: the menu and the menus and buttons under it (none for a leaf). */
export interface MenuRow extends Menu {
  children?: MenuRow[];
}

interface MenuNode extends TreeNode {
  menu: Menu;
  children?: MenuNode[];
}

/** The flat list as a tree (by parentId, in the list's order; a menu whose parent is not listed is a root). */
function menuTree(menus: readonly Menu[]): MenuNode[] {
  return buildTree<MenuNode>(menus.map((menu) => ({ id: menu.menuId, parentId: menu.parentId, name: menu.menuName, menu })));
}

/** The flat list as the tree table's rows: the roots, each with what is under it. */
export function menuRows(menus: readonly Menu[]): MenuRow[] {
  const toRows = (nodes: readonly MenuNode[]): MenuRow[] =>
    nodes.map((node) => (node.children?.length ? { ...node.menu, children: toRows(node.children) } : { ...node.menu }));
  return toRows(menuTree(menus));
}

/** A menu's name in the interface's language, as the sidebar shows it (the Chinese one when it has no English one). */
export function menuName(menu: Pick<Menu, 'menuName' | 'menuNameEn'>, language: string): string {
  return language === 'en' && menu.menuNameEn ? menu.menuNameEn : menu.menuName;
}

/**
 * The parents a menu may hang under, as tree-select options: the top level (value 0) holding
 * every directory and menu, not buttons; when editing, neither the menu itself nor what is
 * under it (the server refuses them too).
 */
export function parentOptions(menus: readonly Menu[], language: string, rootTitle: string, editing?: number): TreeOption[] {
  const toOptions = (nodes: readonly MenuNode[]): TreeOption[] =>
    nodes
      .filter((node) => node.menu.menuType !== 'F' && node.menu.menuId !== editing)
      .map((node) => {
        const children = toOptions(node.children ?? []);
        return { value: node.menu.menuId, title: menuName(node.menu, language), children: children.length > 0 ? children : undefined };
      });
  return [{ value: 0, title: rootTitle, children: toOptions(menuTree(menus)) }];
}
