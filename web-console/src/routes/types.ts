/** A route as GET /system/menu/getRouters returns it. */
export interface ServerRouteMeta {
  title: string;
  titleEn?: string | null;
  icon?: string | null;
  noCache?: boolean;
  link?: string | null;
  affix?: boolean;
  activeMenu?: string | null;
  breadcrumb?: boolean;
}

export interface ServerRoute {
  name?: string;
  path: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  redirect?: string | null;
  component?: string | null;
  menuModule?: string | null;
  query?: string | null;
  meta?: ServerRouteMeta | null;
  children?: ServerRoute[] | null;
}

/** Server component names that are containers rather than pages. */
export const LAYOUT_COMPONENT = 'Layout';
export const PARENT_VIEW_COMPONENT = 'ParentView';
export const INNER_LINK_COMPONENT = 'InnerLink';
