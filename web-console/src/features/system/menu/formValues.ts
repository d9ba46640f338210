import type { Menu, MenuChange, MenuType } from '../types';

/** The menu form's fields, in RuoYi's codes ("0"/"1" switches as the server reads them). */
export interface MenuFormValues {
  parentId: number;
  menuType: MenuType;
  icon?: string;
  menuName: string;
  menuNameEn?: string;
  orderNum?: number;
  /** "0": an external link. */
  isFrame: string;
  path?: string;
  component?: string;
  query?: string;
  perms?: string;
  /** "0": cached. */
  isCache: string;
  /** "0": shown. */
  visible: string;
  status: string;
  client: string;
  menuModule?: string;
  /** "1": fixed in the tags view. */
  affix: string;
}

/** What a menu of a type has besides its names, order, client and module (RuoYi's form). */
export const HAS = {
  icon: (type: MenuType) => type !== 'F',
  path: (type: MenuType) => type !== 'F',
  component: (type: MenuType) => type === 'C',
  perms: (type: MenuType) => type !== 'M',
  pageSwitches: (type: MenuType) => type === 'C',
  display: (type: MenuType) => type !== 'F',
} as const;

/**
 * A new menu: at the top level a directory, under a directory a menu, under a menu a button;
 * not a link, cached, shown, normal, for the PC console, in its parent's module.
 */
export function newMenu(parent?: Menu): MenuFormValues {
  const menuType: MenuType = !parent ? 'M' : parent.menuType === 'M' ? 'C' : 'F';
  return {
    parentId: parent?.menuId ?? 0,
    menuType,
    icon: '',
    menuName: '',
    orderNum: 0,
    isFrame: '1',
    isCache: '0',
    visible: '0',
    status: '0',
    client: '0',
    menuModule: parent?.menuModule || '1',
    affix: '0',
  };
}

export function toValues(menu: Menu): MenuFormValues {
  return {
    parentId: menu.parentId,
    menuType: menu.menuType,
    // RuoYi's '#' is no icon
    icon: menu.icon === '#' ? '' : menu.icon,
    menuName: menu.menuName,
    // the server answers the Chinese name when none was given
    menuNameEn: menu.menuNameEn === menu.menuName ? '' : menu.menuNameEn,
    orderNum: menu.orderNum,
    isFrame: menu.isFrame === '0' ? '0' : '1',
    path: menu.path,
    component: menu.component,
    query: menu.query,
    perms: menu.perms,
    isCache: menu.isCache === '1' ? '1' : '0',
    visible: menu.visible === '1' ? '1' : '0',
    status: menu.status,
    client: menu.client === '1' ? '1' : '0',
    menuModule: menu.menuModule,
    affix: menu.affix === '1' ? '1' : '0',
  };
}

const text = (value: string | undefined) => (value ?? '').trim();

/**
 * The form's values as the server takes them: texts trimmed, and only what the type has (a
 * button has no icon, path or component; a directory no component nor permission); what the
 * form does not show (the route name) kept from `menu`.
 */
export function toChange(values: MenuFormValues, menu?: Menu): MenuChange {
  const type = values.menuType;
  return {
    parentId: values.parentId,
    menuName: text(values.menuName),
    menuNameEn: text(values.menuNameEn),
    orderNum: values.orderNum ?? 0,
    path: HAS.path(type) ? text(values.path) : '',
    component: HAS.component(type) ? text(values.component) : '',
    query: HAS.component(type) ? text(values.query) : '',
    routeName: menu?.routeName ?? '',
    isFrame: HAS.path(type) ? values.isFrame : '1',
    isCache: HAS.pageSwitches(type) ? values.isCache : '0',
    menuType: type,
    visible: HAS.display(type) ? values.visible : '0',
    status: HAS.display(type) ? values.status : (menu?.status ?? '0'),
    perms: HAS.perms(type) ? text(values.perms) : '',
    icon: HAS.icon(type) ? text(values.icon) : '',
    menuModule: values.menuModule ?? '1',
    client: values.client,
    affix: HAS.pageSwitches(type) ? values.affix : '0',
  };
}
