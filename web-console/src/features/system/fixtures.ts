import type { ServerRoute } from '../../routes/types';
import { consoleBackend, serverRoutes } from '../../test/backend';
import type { Advice, Dept, Menu, Role, RoleUser, TreeNodeData, User } from './types';
// a role's users and backup
import type { Backup } from './types';
import type { MockRequest } from '../../test/fetchMock';
// parameters and dictionaries
import type { Config, DictData, DictType } from './types';

/** Test data shaped as the contract's answers. */
export const ok = (body: Record<string, unknown> = {}) => ({ body: { code: 200, msg: '操作成功', ...body } });

const dept = (deptId: number, parentId: number, ancestors: string, deptName: string, deptCode: string, deptType: string, orderNum: number): Dept => ({
  deptId,
  parentId,
  ancestors,
  deptName,
  deptCode,
  deptType,
  orderNum,
  leader: deptId === 100 ? '张工' : '',
  phone: deptId === 100 ? '13800000000' : '',
  email: '',
  status: '0',
  createTime: '2026-04-01 09:00:00',
});

/** A company with two departments, one of which has a team (flat, by parent then order). */
export const depts: Dept[] = [
  dept(100, 0, '0', '滨江照明公司', 'BJ', '1', 0),
  dept(101, 100, '0,100', '运维部', 'OPS', '2', 1),
  dept(102, 100, '0,100', '研发部', 'RD', '2', 2),
  dept(103, 101, '0,100,101', '一班', 'OPS-1', '3', 1),
];

export const deptTree = [
  {
    id: 100,
    label: '滨江照明公司',
    children: [
      { id: 101, label: '运维部', children: [{ id: 103, label: '一班' }] },
      { id: 102, label: '研发部' },
    ],
  },
];

export const user: User = {
  userId: 2,
  deptId: 101,
  userName: 'operator',
  nickName: '运维员',
  email: 'ops@example.com',
  phonenumber: '13900000000',
  sex: '0',
  avatar: '',
  status: '0',
  loginIp: '',
  loginDate: null,
  createTime: '2026-04-02 10:00:00',
  remark: '',
  dept: { deptId: 101, deptName: '运维部', leader: '' },
  allProjects: '0',
};

export const roles = [
  { roleId: 1, roleName: '超级管理员', roleKey: 'admin', status: '0' },
  { roleId: 2, roleName: '运维人员', roleKey: 'operator', status: '0' },
];

const role = (roleId: number, roleName: string, roleKey: string, roleSort: number, dataScope: Role['dataScope'], status: Role['status'] = '0'): Role => ({
  roleId,
  roleName,
  roleKey,
  roleSort,
  dataScope,
  menuCheckStrictly: true,
  deptCheckStrictly: true,
  status,
  remark: '',
  createTime: '2026-04-01 09:00:00',
  admin: roleKey === 'admin',
});

/** The role list: the super administrator, an operator role of the project scope, a guest role. */
export const roleRows: Role[] = [role(1, '超级管理员', 'admin', 1, '1'), role(2, '运维人员', 'operator', 2, '3'), role(3, '访客', 'guest', 3, '2', '1')];

/** Every menu and button (GET /system/menu/treeselect): two directories, screens, buttons. */
export const menuTree: TreeNodeData[] = [
  {
    id: 1,
    label: '系统管理',
    children: [
      { id: 100, label: '用户管理', children: [{ id: 1001, label: '用户查询' }, { id: 1002, label: '用户新增' }] },
      { id: 101, label: '角色管理', children: [{ id: 1011, label: '角色查询' }] },
    ],
  },
  { id: 2, label: '照明控制', children: [{ id: 200, label: '网关管理' }] },
];

const dict = (entries: [string, string, string][]) =>
  entries.map(([dictValue, dictLabelZh, dictLabelEn]) => ({ dictValue, dictLabel: dictLabelZh, dictLabelZh, dictLabelEn }));

const meta = (title: string, titleEn: string) => ({ title, titleEn, icon: '#' });

/** The demo route tree with the organization and user screens. */
export const systemRoutes: ServerRoute[] = serverRoutes.map((route) =>
  route.path === '/system'
    ? { ...route, children: [{ path: 'dept', component: 'system/dept/index', meta: meta('组织管理', 'Organization') }, ...(route.children ?? [])] }
    : route,
);

/** The demo backend with the system screens' answers; routes can be replaced. */
export function systemBackend(overrides: Parameters<typeof consoleBackend>[0] = {}) {
  return consoleBackend({
    'GET /system/menu/getRouters': ok({ data: systemRoutes }),
    'GET /system/dict/data/type/sys_normal_disable': ok({ data: dict([['0', '正常', 'Normal'], ['1', '停用', 'Disabled']]) }),
    'GET /system/dict/data/type/sys_dept_type': ok({ data: dict([['1', '公司', 'Company'], ['2', '部门', 'Department'], ['3', '班组', 'Team']]) }),
    'GET /system/dict/data/type/sys_user_sex': ok({ data: dict([['0', '男', 'Male'], ['1', '女', 'Female'], ['2', '未知', 'Unknown']]) }),
    'GET /system/dept/list': ok({ data: depts }),
    'GET /system/dept/list/exclude/101': ok({ data: depts.filter((node) => node.deptId !== 101 && node.deptId !== 103) }),
    'GET /system/user/deptTree': ok({ data: deptTree }),
    'GET /system/user/list': ok({ rows: [user], total: 1 }),
    'GET /system/user/': ok({ roles, posts: [] }),
    'GET /system/role/list': ok({ rows: roleRows, total: roleRows.length }),
    'GET /system/role/2': ok({ data: roleRows[1] }),
    'GET /system/role/3': ok({ data: roleRows[2] }),
    'GET /system/menu/treeselect': ok({ data: menuTree }),
    // with linkage, only the lowest granted nodes: the user query button
    'GET /system/menu/roleMenuTreeselect/2': ok({ checkedKeys: [1001], menus: menuTree }),
    'GET /system/role/deptTree/2': ok({ checkedKeys: [], depts: deptTree }),
    'GET /system/role/deptTree/3': ok({ checkedKeys: [103], depts: deptTree }),
    'GET /system/user/2': ok({
      data: { ...user, qualifications: [{ code: 'EL-01', name: '电工证' }], projectIds: [1] },
      roleIds: [2],
      roles,
      postIds: [],
      posts: [],
    }),
    ...overrides,
  });
}

/* ------------------------------------------------------------------------------------------
 * A role's users (RuoYi's authUser)
 * ---------------------------------------------------------------------------------------- */

const roleUser = (userId: number, userName: string, nickName: string, phonenumber: string, status: RoleUser['status'] = '0'): RoleUser => ({
  userId,
  userName,
  nickName,
  email: `${userName}@example.com`,
  phonenumber,
  status,
  createTime: '2026-04-02 10:00:00',
});

/** The users of the assignment lists (the administrator is left out: the server answers only the caller's data scope). */
export const roleUsers: RoleUser[] = [
  roleUser(2, 'operator', '运维员', '13900000000'),
  roleUser(3, 'guest', '访客', '13900000001', '1'),
  roleUser(4, 'zhangsan', '张三', '13900000002'),
];

/** A page of users matching the request's account and phone, as the lists answer. */
function usersPage(users: RoleUser[], request: MockRequest) {
  const userName = request.query.get('userName') ?? '';
  const phone = request.query.get('phonenumber') ?? '';
  const found = users.filter((row) => row.userName.includes(userName) && row.phonenumber.includes(phone));
  const pageNum = Number(request.query.get('pageNum') ?? '1');
  const pageSize = Number(request.query.get('pageSize') ?? '20');
  return ok({ rows: found.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: found.length });
}

const idsOf = (text: string | null) => (text ?? '').split(',').filter(Boolean).map(Number);

/**
 * The system backend with a role's users: the operator role (2) held by the operator; the lists
 * answer who holds a role and who does not, the grants and cancels change them.
 */
export function roleUsersBackend(overrides: Parameters<typeof consoleBackend>[0] = {}) {
  const holders = new Map<number, Set<number>>([[2, new Set([2])]]);
  const of = (roleId: number) => holders.get(roleId) ?? holders.set(roleId, new Set()).get(roleId) ?? new Set<number>();
  const roleOf = (request: MockRequest) => Number(request.query.get('roleId'));
  return systemBackend({
    'GET /system/role/authUser/allocatedList': (request) => usersPage(roleUsers.filter((row) => of(roleOf(request)).has(row.userId)), request),
    'GET /system/role/authUser/unallocatedList': (request) => usersPage(roleUsers.filter((row) => !of(roleOf(request)).has(row.userId)), request),
    'PUT /system/role/authUser/cancel': (request) => {
      const { userId, roleId } = request.body as { userId: number; roleId: number };
      of(roleId).delete(userId);
      return ok();
    },
    'PUT /system/role/authUser/cancelAll': (request) => {
      for (const userId of idsOf(request.query.get('userIds'))) of(roleOf(request)).delete(userId);
      return ok();
    },
    'PUT /system/role/authUser/selectAll': (request) => {
      for (const userId of idsOf(request.query.get('userIds'))) of(roleOf(request)).add(userId);
      return ok();
    },
    ...overrides,
  });
}

/* ------------------------------------------------------------------------------------------
 * Backup
 * ---------------------------------------------------------------------------------------- */

/** The stored backups, newest first: one of the backup job's, one made by hand. */
export const backups: Backup[] = [
  {
    backupId: 2,
    fileName: 'lumiscape-backup-20261124-020000.sql',
    kind: '1',
    fileSize: 61_440,
    totalRows: 812,
    createBy: 'admin',
    createTime: '2026-11-24 02:00:00',
  },
  {
    backupId: 1,
    fileName: 'lumiscape-backup-20261123-101500.sql',
    kind: '0',
    fileSize: 1_572_864,
    totalRows: 12_345,
    createBy: 'admin',
    createTime: '2026-11-23 10:15:00',
  },
];

/** A backup made now (POST /system/backup). */
export const madeBackup: Backup = {
  backupId: 3,
  fileName: 'lumiscape-backup-20261124-120000.sql',
  kind: '0',
  fileSize: 61_952,
  totalRows: 815,
  createBy: 'admin',
  createTime: '2026-11-24 12:00:00',
};

/** A restore's answer, as the server gives it (its msg in the caller's language). */
export const restoredAnswer = (msg = '恢复成功：14张表，共812行') =>
  ok({
    msg,
    data: {
      tables: [
        { table: 'identity.depts', rows: 4 },
        { table: 'identity.users', rows: 3 },
        { table: 'identity.future_table', rows: 1 },
      ],
      totalRows: 812,
      backupTime: '2026-11-24 02:00:00',
      backupBy: 'admin',
    },
  });

/** The refusal of a file this system did not export, or that changed since (HTTP 400). */
export const NOT_SIGNED = {
  'zh-CN': '该文件不是本系统导出的备份，或导出后已被修改，未作任何更改',
  en: 'This file is not a backup this system exported, or it was changed after export; nothing was changed',
};

/** The demo route tree with the backup screen. */
export const backupRoutes: ServerRoute[] = systemRoutes.map((route) =>
  route.path === '/system'
    ? { ...route, children: [...(route.children ?? []), { path: 'backup', component: 'system/backup/index', meta: meta('数据备份', 'Backup') }] }
    : route,
);

/** The system backend with the backup screen's answers; the list answers by kind. */
export function backupBackend(overrides: Parameters<typeof consoleBackend>[0] = {}) {
  return systemBackend({
    'GET /system/menu/getRouters': ok({ data: backupRoutes }),
    'GET /system/dict/data/type/sys_backup_kind': ok({ data: dict([['0', '手动', 'By hand'], ['1', '定时任务', 'By the backup job']]) }),
    'GET /system/backup/list': (request) => {
      const kind = request.query.get('kind');
      const rows = backups.filter((row) => !kind || row.kind === kind);
      return ok({ rows, total: rows.length });
    },
    'POST /system/backup': ok({ data: madeBackup }),
    ...overrides,
  });
}

/* ------------------------------------------------------------------------------------------
 * Parameters and dictionaries
 * ---------------------------------------------------------------------------------------- */

export const configs: Config[] = [
  {
    configId: 1,
    configName: '浏览器标题（中文）',
    configKey: 'sys.browser.nameZh',
    configValue: '智慧景观照明云平台',
    configType: 'Y',
    isPublic: '1',
    remark: '登录页与标签页标题',
    createTime: '2026-04-01 09:00:00',
  },
  {
    configId: 100,
    configName: '巡检提醒天数',
    configKey: 'inspection.remind.days',
    configValue: '3',
    configType: 'N',
    isPublic: '0',
    remark: '',
    createTime: '2026-04-03 10:00:00',
  },
];

export const dictTypes: DictType[] = [
  {
    dictId: 1,
    dictName: '系统开关',
    dictNameEn: 'Status',
    dictType: 'sys_normal_disable',
    status: '0',
    builtin: '1',
    remark: '',
    createTime: '2026-04-01 09:00:00',
  },
  {
    dictId: 100,
    dictName: '灯具颜色',
    dictNameEn: 'Lamp colours',
    dictType: 'lamp_color',
    status: '0',
    builtin: '0',
    remark: '演示',
    createTime: '2026-04-03 10:00:00',
  },
];

const item = (dictCode: number, dictType: string, dictSort: number, dictValue: string, dictLabel: string, dictLabelEn: string, builtin: string): DictData => ({
  dictCode,
  dictSort,
  dictLabel,
  dictLabelEn,
  dictValue,
  dictType,
  cssClass: '',
  listClass: builtin === '1' ? 'primary' : '',
  isDefault: dictSort === 1 ? 'Y' : 'N',
  status: '0',
  builtin,
  remark: '',
  createTime: '2026-04-01 09:00:00',
});

/** The items of sys_normal_disable (built in) and of lamp_color (added by a user). */
export const dictItems: DictData[] = [
  item(1, 'sys_normal_disable', 1, '0', '正常', 'Normal', '1'),
  item(2, 'sys_normal_disable', 2, '1', '停用', 'Disabled', '1'),
  item(100, 'lamp_color', 1, 'warm', '暖白', 'Warm white', '0'),
];

/** The demo route tree with the parameter and dictionary screens. */
export const settingsRoutes: ServerRoute[] = systemRoutes.map((route) =>
  route.path === '/system'
    ? {
        ...route,
        children: [
          ...(route.children ?? []),
          { path: 'config', component: 'system/config/index', meta: meta('参数设置', 'Parameters') },
          { path: 'dict', component: 'system/dict/index', meta: meta('字典管理', 'Dictionaries') },
        ],
      }
    : route,
);

/** The system backend with the parameter and dictionary screens' answers; the item list answers by dictType. */
export function settingsBackend(overrides: Parameters<typeof consoleBackend>[0] = {}) {
  return systemBackend({
    'GET /system/menu/getRouters': ok({ data: settingsRoutes }),
    'GET /system/dict/data/type/sys_yes_no': ok({ data: dict([['Y', '是', 'Yes'], ['N', '否', 'No']]) }),
    'GET /system/config/list': ok({ rows: configs, total: configs.length }),
    'GET /system/dict/type/list': ok({ rows: dictTypes, total: dictTypes.length }),
    'GET /system/dict/data/list': (request) => {
      const rows = dictItems.filter((row) => row.dictType === request.query.get('dictType'));
      return ok({ rows, total: rows.length });
    },
    ...overrides,
  });
}

/* ------------------------------------------------------------------------------------------
 * Menus and advice
 * ---------------------------------------------------------------------------------------- */

const menu = (fields: Partial<Menu> & Pick<Menu, 'menuId' | 'parentId' | 'menuName' | 'menuNameEn' | 'menuType'>): Menu => ({
  orderNum: 1,
  path: '',
  component: '',
  query: '',
  routeName: '',
  isFrame: '1',
  isCache: '0',
  visible: '0',
  status: '0',
  perms: '',
  icon: '',
  menuModule: '4',
  client: '0',
  affix: '0',
  createTime: '2026-04-01 09:00:00',
  ...fields,
});

/** GET /system/menu/list: two directories, their screens, a button (flat, by parent and order). */
export const menus: Menu[] = [
  menu({ menuId: 1, parentId: 0, menuName: '系统管理', menuNameEn: 'System Management', menuType: 'M', path: 'system', icon: 'system' }),
  menu({ menuId: 4, parentId: 0, menuName: '照明控制', menuNameEn: 'Lighting Control', menuType: 'M', orderNum: 2, path: 'lighting', icon: 'bulb', menuModule: '1' }),
  menu({
    menuId: 100,
    parentId: 1,
    menuName: '用户管理',
    menuNameEn: 'Users',
    menuType: 'C',
    path: 'user',
    component: 'system/user/index',
    perms: 'system:user:list',
    icon: 'user',
    routeName: 'User',
  }),
  menu({
    menuId: 103,
    parentId: 1,
    menuName: '菜单管理',
    menuNameEn: 'Menus',
    menuType: 'C',
    orderNum: 2,
    path: 'menu',
    component: 'system/menu/index',
    perms: 'system:menu:list',
    icon: 'tree',
  }),
  menu({ menuId: 400, parentId: 4, menuName: '网关管理', menuNameEn: 'Gateways', menuType: 'C', path: 'gateway', component: 'lighting/gateway/index', perms: 'lighting:gateway:list', icon: 'bulb', menuModule: '1' }),
  menu({ menuId: 1001, parentId: 100, menuName: '用户查询', menuNameEn: 'Query', menuType: 'F', perms: 'system:user:query' }),
];

export const advices: Advice[] = [
  {
    adviceId: 1,
    userName: 'operator',
    title: '三号桥灯不亮',
    content: '三号桥东侧有两盏灯不亮。\n请尽快处理。',
    status: '0',
    reply: '',
    repliedBy: '',
    repliedTime: null,
    createTime: '2026-04-05 09:30:00',
  },
  {
    adviceId: 2,
    userName: 'guest',
    title: '希望增加夜间模式',
    content: '晚上看大屏太亮。',
    status: '1',
    reply: '已列入下个版本计划',
    repliedBy: 'admin',
    repliedTime: '2026-04-06 10:00:00',
    createTime: '2026-04-05 20:00:00',
  },
];

/** The demo route tree with the menu and advice screens. */
export const menuAdviceRoutes: ServerRoute[] = systemRoutes.map((route) =>
  route.path === '/system'
    ? { ...route, children: [...(route.children ?? []), { path: 'advice', component: 'system/advice/index', meta: meta('意见反馈', 'Advice') }] }
    : route,
);

/**
 * The system backend with the menu and advice screens' answers: the menu list searched by name
 * (either language) and status, everyone's feedback and the caller's own; routes can be replaced.
 */
export function menuAdviceBackend(overrides: Parameters<typeof consoleBackend>[0] = {}) {
  return systemBackend({
    'GET /system/menu/getRouters': ok({ data: menuAdviceRoutes }),
    'GET /system/dict/data/type/sys_show_hide': ok({ data: dict([['0', '显示', 'Show'], ['1', '隐藏', 'Hide']]) }),
    'GET /system/dict/data/type/sys_advice_status': ok({ data: dict([['0', '待处理', 'Pending'], ['1', '已回复', 'Replied'], ['2', '已关闭', 'Closed']]) }),
    'GET /system/menu/list': (request) => {
      const name = request.query.get('menuName') ?? '';
      const status = request.query.get('status') ?? '';
      const data = menus.filter((row) => (row.menuName.includes(name) || row.menuNameEn.includes(name)) && (status === '' || row.status === status));
      return ok({ data });
    },
    'GET /system/advice/list': ok({ rows: advices, total: advices.length }),
    'GET /system/advice/1': ok({ data: advices[0] }),
    'GET /system/advice/my': ok({ rows: advices.slice(1), total: 1 }),
    ...overrides,
  });
}
