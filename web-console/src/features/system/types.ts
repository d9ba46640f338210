/**
 * The system screens' wire shapes (contract: docs/api-compatibility.md, "Organization and
 * users"; roles as RuoYi-Vue's api/system/role.js and api/system/menu.js).
 */

/** "0" normal, "1" disabled (dictionary sys_normal_disable). */
export type NormalDisable = '0' | '1';

/** An organization node (RuoYi's dept); parentId 0 at the root. */
export interface Dept {
  deptId: number;
  parentId: number;
  /** RuoYi's comma list of the ids above the node ("0,100"). */
  ancestors: string;
  deptName: string;
  deptCode: string;
  /** Dictionary sys_dept_type: "1" company, "2" department, "3" team. */
  deptType: string;
  orderNum: number;
  /** The principal. */
  leader: string;
  phone: string;
  email: string;
  status: NormalDisable;
  createTime: string;
}

/** GET /system/dept/list filters. */
export interface DeptFilter {
  deptName?: string;
  status?: string;
}

/** The organization list's query: the filters, and the page of the tree's visible rows. */
export interface DeptQuery extends DeptFilter {
  pageNum: number;
  pageSize: number;
}

/** POST /system/dept body; PUT adds deptId. */
export interface DeptChange {
  deptId?: number;
  parentId: number;
  deptName: string;
  deptCode: string;
  deptType: string;
  orderNum: number;
  leader: string;
  phone: string;
  email: string;
  status: string;
}

/** A node of GET /system/user/deptTree (enabled nodes only). */
export interface DeptTreeNode {
  id: number;
  label: string;
  children?: DeptTreeNode[];
}

/** A user row of GET /system/user/list. */
export interface User {
  userId: number;
  deptId: number | null;
  userName: string;
  nickName: string;
  email: string;
  phonenumber: string;
  /** Dictionary sys_user_sex: "0" male, "1" female, "2" unknown. */
  sex: string;
  avatar: string;
  status: NormalDisable;
  loginIp: string;
  loginDate: string | null;
  createTime: string;
  remark: string;
  dept: { deptId: number; deptName: string; leader: string } | null;
  /** "1" when the user may open every project. */
  allProjects: string;
}

/** GET /system/user/list query; the creation range is RuoYi's params[beginTime], params[endTime]. */
export interface UserQuery {
  pageNum: number;
  pageSize: number;
  userName?: string;
  phonenumber?: string;
  status?: string;
  deptId?: number;
  'params[beginTime]'?: string;
  'params[endTime]'?: string;
}

export interface Qualification {
  code: string;
  name: string;
}

/** A role a user form may grant. */
export interface RoleOption {
  roleId: number;
  roleName: string;
  roleKey: string;
  status: string;
}

/** GET /system/user/{userId}: the user with its qualifications and projects, its roles, the roles to choose from. */
export interface UserDetail {
  user: User & { qualifications: Qualification[]; projectIds: number[] };
  roleIds: number[];
  roles: RoleOption[];
}

/** POST /system/user body; PUT adds userId and has no password. */
export interface UserChange {
  userId?: number;
  /** Left out when the user belongs to no organization. */
  deptId?: number;
  userName: string;
  nickName: string;
  password?: string;
  phonenumber: string;
  email: string;
  sex: string;
  status: string;
  remark: string;
  roleIds: number[];
  allProjects: string;
  projectIds: number[];
  qualifications: Qualification[];
}

/** One refused row of an import (the sheet's row number, 1 being the header). */
export interface ImportFailure {
  row: number;
  userName: string;
  msg: string;
}

/** What an import answered: its msg, and the refused rows (none when everything was imported). */
export interface ImportOutcome {
  msg: string;
  failures: ImportFailure[];
}

/** A node of a checkable tree the server gives (menus, organizations): id, label in the caller's language, children. */
export interface TreeNodeData {
  id: number;
  label: string;
  children?: TreeNodeData[];
}

/** Data scope of a role (spec section 6): "1" all, "2" custom organizations, "3" project. */
export type DataScope = '1' | '2' | '3';

/** A role row of GET /system/role/list (and the data of GET /system/role/{roleId}). */
export interface Role {
  roleId: number;
  roleName: string;
  roleKey: string;
  roleSort: number;
  dataScope: DataScope;
  /** Parent-child linkage of the menu tree (RuoYi's menuCheckStrictly: true links them). */
  menuCheckStrictly: boolean;
  /** Parent-child linkage of the organization tree of a custom data scope. */
  deptCheckStrictly: boolean;
  status: NormalDisable;
  remark: string;
  createTime: string;
  /** The super administrator role (key admin): it cannot be changed. */
  admin: boolean;
}

/** GET /system/role/list query; the creation range is RuoYi's params[beginTime], params[endTime]. */
export interface RoleQuery {
  pageNum: number;
  pageSize: number;
  roleName?: string;
  roleKey?: string;
  status?: string;
  'params[beginTime]'?: string;
  'params[endTime]'?: string;
}

/** POST /system/role body; PUT adds roleId. */
export interface RoleChange {
  roleId?: number;
  roleName: string;
  roleKey: string;
  roleSort: number;
  status: string;
  menuIds: number[];
  menuCheckStrictly: boolean;
  deptCheckStrictly: boolean;
  remark: string;
}

/** PUT /system/role/dataScope body: the organizations only for a custom scope. */
export interface DataScopeChange {
  roleId: number;
  dataScope: DataScope;
  deptIds: number[];
  deptCheckStrictly: boolean;
}

/** A whole tree and the keys a role has checked in it (roleMenuTreeselect, role deptTree). */
export interface CheckedTree {
  nodes: TreeNodeData[];
  checkedKeys: number[];
}

/** A user of a role's assignment lists (GET /system/role/authUser/allocatedList and unallocatedList). */
export type RoleUser = Pick<User, 'userId' | 'userName' | 'nickName' | 'email' | 'phonenumber' | 'status' | 'createTime'>;

/** The query of a role's assignment lists: the role (the page's), account and phone. */
export interface RoleUserQuery {
  pageNum: number;
  pageSize: number;
  roleId?: number;
  userName?: string;
  phonenumber?: string;
}

/** A role granted to, or taken from, users (selectAll and cancelAll: query parameters). */
export interface RoleUsersChange {
  roleId: number;
  userIds: number[];
}

/* ------------------------------------------------------------------------------------------
 * Backup (contract: docs/api-compatibility.md, "Backup"; docs/backup.md).
 * ---------------------------------------------------------------------------------------- */

/** A stored backup (row of GET /system/backup/list, the data of POST /system/backup). */
export interface Backup {
  backupId: number;
  fileName: string;
  /** Dictionary sys_backup_kind: "0" by hand, "1" by the backup job. */
  kind: string;
  /** Bytes. */
  fileSize: number;
  totalRows: number;
  createBy: string;
  createTime: string;
}

/** GET /system/backup/list query. */
export interface BackupQuery {
  pageNum: number;
  pageSize: number;
  kind?: string;
}

/** One table a restore filled, and its rows. */
export interface RestoredTable {
  table: string;
  rows: number;
}

/** What a restore answered (POST /system/backup/import, PUT /system/backup/restore/{id}): its msg and data. */
export interface RestoreOutcome {
  msg: string;
  tables: RestoredTable[];
  totalRows: number;
  /** When and by whom the backup was made. */
  backupTime: string;
  backupBy: string;
}

/* ------------------------------------------------------------------------------------------
 * Parameters and dictionaries (contract: docs/api-compatibility.md, "Parameters and
 * dictionaries"). Switches: configType and isDefault "Y"/"N", status "0"/"1", isPublic and
 * builtin "1"/"0".
 * ---------------------------------------------------------------------------------------- */

/** RuoYi's yes-or-no switch (dictionary sys_yes_no). */
export type YesNo = 'Y' | 'N';

/** A parameter (row of GET /system/config/list). */
export interface Config {
  configId: number;
  configName: string;
  configKey: string;
  configValue: string;
  /** "Y" built in (seeded by the product), "N" not. */
  configType: string;
  /** "1": readable without signing in, through configKey/{key}. */
  isPublic: string;
  remark: string;
  createTime: string;
}

/** GET /system/config/list query; the creation range is RuoYi's params[beginTime], params[endTime]. */
export interface ConfigQuery {
  pageNum: number;
  pageSize: number;
  configName?: string;
  configKey?: string;
  configType?: string;
  'params[beginTime]'?: string;
  'params[endTime]'?: string;
}

/** POST /system/config body; PUT adds configId. */
export interface ConfigChange {
  configId?: number;
  configName: string;
  configKey: string;
  configValue: string;
  configType: string;
  isPublic: string;
  remark: string;
}

/** A dictionary type (row of GET /system/dict/type/list). */
export interface DictType {
  dictId: number;
  dictName: string;
  dictNameEn: string;
  dictType: string;
  status: string;
  /** "1": seeded by the product; its key cannot change and it cannot be deleted. */
  builtin: string;
  remark: string;
  createTime: string;
}

/** GET /system/dict/type/list query. */
export interface DictTypeQuery {
  pageNum: number;
  pageSize: number;
  dictName?: string;
  dictType?: string;
  status?: string;
  'params[beginTime]'?: string;
  'params[endTime]'?: string;
}

/** POST /system/dict/type body; PUT adds dictId. */
export interface DictTypeChange {
  dictId?: number;
  dictName: string;
  dictNameEn: string;
  dictType: string;
  status: string;
  remark: string;
}

/** A dictionary item (row of GET /system/dict/data/list: the Chinese label in dictLabel, the English in dictLabelEn). */
export interface DictData {
  dictCode: number;
  dictSort: number;
  dictLabel: string;
  dictLabelEn: string;
  dictValue: string;
  dictType: string;
  cssClass: string;
  listClass: string;
  isDefault: string;
  status: string;
  /** "1": seeded by the product; its value cannot change and it cannot be deleted. */
  builtin: string;
  remark: string;
  createTime: string;
}

/** GET /system/dict/data/list query: the type's items, searched by label and status. */
export interface DictDataQuery {
  pageNum: number;
  pageSize: number;
  dictType?: string;
  dictLabel?: string;
  status?: string;
}

/** POST /system/dict/data body; PUT adds dictCode. */
export interface DictDataChange {
  dictCode?: number;
  dictType: string;
  dictLabel: string;
  dictLabelEn: string;
  dictValue: string;
  cssClass: string;
  dictSort: number;
  listClass: string;
  isDefault: string;
  status: string;
  remark: string;
}

/* ------------------------------------------------------------------------------------------
 * Menus (contract: docs/api-compatibility.md, "Menus"), in RuoYi's codes: isFrame "0" an
 * external link, isCache "0" cached, visible "0" shown; ours beside them: menuNameEn,
 * menuModule, client ("1" PC and app), affix ("1" fixed in the tags view).
 * ---------------------------------------------------------------------------------------- */

/** "M" directory, "C" menu (a page), "F" button. */
export type MenuType = 'M' | 'C' | 'F';

/** A menu (row of GET /system/menu/list, flat; data of GET /system/menu/{menuId}). */
export interface Menu {
  menuId: number;
  /** 0 at the top level. */
  parentId: number;
  menuName: string;
  menuNameEn: string;
  orderNum: number;
  /** The route path; an external link's URL. */
  path: string;
  /** The console page's component name (routes/registry.ts). */
  component: string;
  /** Route parameters, a JSON object in a string. */
  query: string;
  routeName: string;
  /** "0": an external link. */
  isFrame: string;
  /** "0": the page is kept alive (cached). */
  isCache: string;
  menuType: MenuType;
  /** "0": shown in the sidebar (dictionary sys_show_hide). */
  visible: string;
  /** Dictionary sys_normal_disable. */
  status: string;
  /** The permission, without the `pc:` prefix. */
  perms: string;
  /** A sidebar icon name (layout/menuIcons.tsx). */
  icon: string;
  /** Dictionary menu_module_type. */
  menuModule: string;
  /** "0" the PC console only, "1" the PC console and the app. */
  client: string;
  /** "1": fixed in the tags view. */
  affix: string;
  createTime: string;
}

/** GET /system/menu/list filters (the name in either language). */
export interface MenuFilter {
  menuName?: string;
  status?: string;
}

/** The menu list's query: the filters, and the page of the tree's top-level rows. */
export interface MenuQuery extends MenuFilter {
  pageNum: number;
  pageSize: number;
}

/** POST /system/menu body; PUT adds menuId. */
export interface MenuChange {
  menuId?: number;
  parentId: number;
  menuName: string;
  menuNameEn: string;
  orderNum: number;
  path: string;
  component: string;
  query: string;
  routeName: string;
  isFrame: string;
  isCache: string;
  menuType: MenuType;
  visible: string;
  status: string;
  perms: string;
  icon: string;
  menuModule: string;
  client: string;
  affix: string;
}

/* ------------------------------------------------------------------------------------------
 * Advice (contract: docs/api-compatibility.md, "Scheduled jobs, their log, and advice").
 * ---------------------------------------------------------------------------------------- */

/** A piece of feedback (row of GET /system/advice/list and /my; data of GET /system/advice/{adviceId}). */
export interface Advice {
  adviceId: number;
  /** The account that sent it. */
  userName: string;
  title: string;
  content: string;
  /** Dictionary sys_advice_status: "0" pending, "1" replied, "2" closed. */
  status: string;
  reply: string;
  /** The account that replied, empty before a reply. */
  repliedBy: string;
  repliedTime: string | null;
  createTime: string;
}

/** GET /system/advice/list and /my query. */
export interface AdviceQuery {
  pageNum: number;
  pageSize: number;
  title?: string;
  userName?: string;
  status?: string;
}

/** POST /system/advice body (any signed-in user). */
export interface AdviceSend {
  title: string;
  content: string;
}

/** PUT /system/advice/reply body. */
export interface AdviceReply {
  adviceId: number;
  reply: string;
  status: string;
}
