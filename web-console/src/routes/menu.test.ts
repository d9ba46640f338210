import { describe, expect, it } from 'vitest';
import {
  breadcrumbTrail,
  buildMenu,
  filterByMenuModule,
  findRouteEntry,
  firstPathOfModule,
  firstRoutePath,
  flattenRoutes,
  isExternal,
  joinPath,
  menuModulesOn,
  resolveRouteMeta,
  routeSearch,
  routeTitle,
  searchablePages,
} from './menu';
import type { ServerRoute } from './types';

const meta = (title: string, titleEn: string, icon = '#') => ({ title, titleEn, icon });

/** Shaped like the seeded server menus. */
const tree: ServerRoute[] = [
  {
    path: '/',
    component: 'Layout',
    hidden: false,
    children: [{ path: 'index', component: 'index', meta: meta('首页', 'Home', 'home') }],
  },
  {
    path: '/system',
    component: 'Layout',
    redirect: 'noRedirect',
    alwaysShow: true,
    meta: meta('系统管理', 'System Management', 'system'),
    children: [
      { path: 'user', component: 'system/user/index', meta: meta('用户管理', 'Users', 'user') },
      { path: 'role', component: 'system/role/index', meta: meta('角色管理', 'Roles', 'peoples') },
      { path: 'secret', component: 'system/secret/index', hidden: true, meta: meta('隐藏', 'Hidden') },
      {
        path: 'log',
        component: 'ParentView',
        meta: meta('日志管理', 'Logs', 'log'),
        children: [
          { path: 'operlog', component: 'monitor/operlog/index', meta: meta('操作日志', 'Operation log') },
          { path: 'logininfor', component: 'monitor/logininfor/index', meta: meta('登录日志', 'Login log') },
        ],
      },
    ],
  },
  {
    path: '/alarm',
    component: 'Layout',
    meta: meta('告警管理', 'Alarm Management', 'alarm'),
    children: [
      { path: 'current', component: 'alarm/current/index', meta: meta('实时告警', 'Real-time alarms') },
      { path: 'history', component: 'alarm/history/index', hidden: true, meta: meta('历史告警', 'History') },
    ],
  },
  {
    path: '/hidden',
    component: 'Layout',
    hidden: true,
    meta: meta('隐藏模块', 'Hidden module'),
    children: [{ path: 'x', component: 'x/index', meta: meta('x', 'x') }],
  },
  {
    path: 'https://docs.example.test',
    component: 'Layout',
    meta: { title: '帮助文档', titleEn: 'Docs', icon: 'link', link: 'https://docs.example.test' },
  },
  {
    path: '/tool',
    component: 'Layout',
    meta: meta('系统工具', 'Tools', 'tool'),
    children: [
      { path: 'gen', component: 'tool/gen/index', meta: meta('代码生成', 'Code generation') },
      {
        path: 'gen-edit/index/:tableId(\\d+)',
        component: 'tool/gen/editTable',
        hidden: true,
        meta: { ...meta('修改生成配置', 'Edit generation'), activeMenu: '/tool/gen' },
      },
      { path: 'swagger', component: 'InnerLink', meta: { ...meta('接口', 'API'), link: 'mailto:ops@example.test' } },
    ],
  },
];

describe('paths', () => {
  it('joins relative children onto the parent path', () => {
    expect(joinPath('/system', 'user')).toBe('/system/user');
    expect(joinPath('/', 'index')).toBe('/index');
    expect(joinPath('', '/system')).toBe('/system');
    expect(joinPath('/system/', 'log/')).toBe('/system/log');
    expect(joinPath('/system', 'https://a.test')).toBe('https://a.test');
  });

  it('detects external links', () => {
    expect(isExternal('http://a.test')).toBe(true);
    expect(isExternal('https://a.test')).toBe(true);
    expect(isExternal('mailto:a@b.test')).toBe(true);
    expect(isExternal('tel:123')).toBe(true);
    expect(isExternal('/system/user')).toBe(false);
    expect(isExternal('ftp://a.test')).toBe(false);
    expect(isExternal(undefined)).toBe(false);
  });

  it('turns a route query into a search string', () => {
    expect(routeSearch('{"type":"1","id":2}')).toBe('?type=1&id=2');
    expect(routeSearch('')).toBe('');
    expect(routeSearch('not json')).toBe('');
  });

  it('shows titles in the current language', () => {
    expect(routeTitle(meta('系统管理', 'System Management'), 'zh-CN')).toBe('系统管理');
    expect(routeTitle(meta('系统管理', 'System Management'), 'en')).toBe('System Management');
    expect(routeTitle({ title: '系统管理', titleEn: '' }, 'en')).toBe('系统管理');
  });
});

describe('buildMenu', () => {
  const menu = buildMenu(tree);

  it('skips hidden routes at every level', () => {
    expect(menu.map((node) => node.meta.title)).not.toContain('隐藏模块');
    const system = menu.find((node) => node.key === '/system');
    expect(system?.children?.map((node) => node.key)).toEqual(['/system/user', '/system/role', '/system/log']);
  });

  it('shows a parent with exactly one visible child as a single entry', () => {
    expect(menu[0]).toMatchObject({ key: '/index', meta: { title: '首页' } });
    expect(menu[0]?.children).toBeUndefined();
    // two children, one hidden: still a single entry
    const alarm = menu.find((node) => node.key === '/alarm/current');
    expect(alarm).toMatchObject({ meta: { title: '实时告警' } });
    expect(alarm?.meta.icon).toBe('alarm');
  });

  it('keeps a submenu when the parent asks to always show', () => {
    const alwaysShow = buildMenu([{ ...tree[1]!, children: [tree[1]!.children![0]!] }]);
    expect(alwaysShow[0]?.children?.map((node) => node.key)).toEqual(['/system/user']);
  });

  it('keeps nested submenus with their full paths', () => {
    const log = menu.find((node) => node.key === '/system')?.children?.find((node) => node.key === '/system/log');
    expect(log?.children?.map((node) => node.key)).toEqual(['/system/log/operlog', '/system/log/logininfor']);
  });

  it('marks external links', () => {
    const docs = menu.find((node) => node.meta.title === '帮助文档');
    expect(docs?.external).toBe('https://docs.example.test');
    const api = menu.find((node) => node.key === '/tool')?.children?.find((node) => node.meta.title === '接口');
    expect(api?.external).toBe('mailto:ops@example.test');
    const gen = menu.find((node) => node.key === '/tool')?.children?.find((node) => node.key === '/tool/gen');
    expect(gen?.external).toBeUndefined();
  });
});

describe('flattenRoutes and findRouteEntry', () => {
  const entries = flattenRoutes(tree);

  it('lists pages by full path, parents with where they lead', () => {
    expect(findRouteEntry(entries, '/system/user')).toMatchObject({ component: 'system/user/index', container: false });
    expect(findRouteEntry(entries, '/system')).toMatchObject({ container: true, redirect: '/system/user' });
    expect(findRouteEntry(entries, '/system/log/')).toMatchObject({ container: true, redirect: '/system/log/operlog' });
  });

  it('matches parameterised paths and leaves unknown paths alone', () => {
    expect(findRouteEntry(entries, '/tool/gen-edit/index/12')).toMatchObject({ component: 'tool/gen/editTable' });
    expect(findRouteEntry(entries, '/nowhere')).toBeUndefined();
  });

  it('includes hidden pages (they can be visited) but not external links', () => {
    expect(findRouteEntry(entries, '/system/secret')).toBeDefined();
    expect(entries.some((entry) => entry.path.startsWith('http'))).toBe(false);
  });
});

describe('firstRoutePath', () => {
  it('prefers the server default menu', () => {
    expect(firstRoutePath('/alarm/current', tree)).toBe('/alarm/current');
    expect(firstRoutePath('system/user', tree)).toBe('/system/user');
  });

  it('otherwise takes the first visible page of the first route', () => {
    expect(firstRoutePath('', tree)).toBe('/index');
    expect(firstRoutePath(null, tree.slice(1))).toBe('/system/user');
  });

  it('skips hidden and external routes', () => {
    expect(firstRoutePath('', [tree[3]!, tree[4]!, tree[2]!])).toBe('/alarm/current');
  });

  it('falls back to /index without routes', () => {
    expect(firstRoutePath('', [])).toBe('/index');
  });
});

describe('menu modules', () => {
  const modules: ServerRoute[] = [
    { path: '/system', component: 'Layout', menuModule: '4', meta: meta('系统管理', 'System'), children: tree[1]!.children },
    { path: '/alarm', component: 'Layout', menuModule: '1', meta: meta('告警管理', 'Alarms'), children: tree[2]!.children },
    { path: '/', component: 'Layout', menuModule: 'dataScreen', children: [{ path: 'dataScreen', component: 'dataScreen/index', meta: meta('数据大屏', 'Screen') }] },
    { path: '/docs', component: 'Layout', meta: meta('文档', 'Docs'), children: [{ path: 'a', component: 'a', meta: meta('a', 'a') }] },
  ];

  it("is on only when sys.menu.mode is known and not '0'", () => {
    expect(menuModulesOn('0')).toBe(false);
    expect(menuModulesOn(undefined)).toBe(false);
    expect(menuModulesOn('')).toBe(false);
    expect(menuModulesOn('1')).toBe(true);
  });

  it('filters top-level routes by menuModule; routes without one show in every module', () => {
    expect(filterByMenuModule(modules, '0', '1')).toHaveLength(4);
    expect(filterByMenuModule(modules, '1', '1').map((route) => route.path)).toEqual(['/alarm', '/docs']);
    expect(filterByMenuModule(modules, '1', '4').map((route) => route.path)).toEqual(['/system', '/docs']);
  });

  it('switching goes to the first visible child of the first route in the module, or /', () => {
    expect(firstPathOfModule(modules, '4')).toBe('/system/user');
    expect(firstPathOfModule(modules, '1')).toBe('/alarm/current');
    expect(firstPathOfModule(modules, '9')).toBe('/');
  });
});

describe('route meta and breadcrumb', () => {
  const entries = flattenRoutes(tree);
  const own = (pathname: string) =>
    pathname === '/index'
      ? { title: '首页', titleEn: 'Home', affix: true }
      : pathname === '/user/profile'
        ? { title: '个人中心', titleEn: 'Personal Center' }
        : undefined;

  it("resolves the console's own pages first, then server pages (not parents)", () => {
    expect(resolveRouteMeta(entries, '/user/profile', own)).toMatchObject({ title: '个人中心' });
    expect(resolveRouteMeta(entries, '/system/user', own)).toMatchObject({ title: '用户管理' });
    expect(resolveRouteMeta(entries, '/system', own)).toBeUndefined();
    expect(resolveRouteMeta(entries, '/nowhere', own)).toBeUndefined();
  });

  it('is empty on the home page', () => {
    expect(breadcrumbTrail(entries, '/index', own)).toEqual([]);
  });

  it('starts at home, lists titled routes on the way, links all but parents and the last', () => {
    const trail = breadcrumbTrail(entries, '/system/log/operlog', own);
    expect(trail.map((step) => step.meta.title)).toEqual(['首页', '系统管理', '日志管理', '操作日志']);
    expect(trail.map((step) => step.to)).toEqual(['/index', undefined, undefined, undefined]);
    expect(breadcrumbTrail(entries, '/user/profile', own).map((step) => step.meta.title)).toEqual(['首页', '个人中心']);
    expect(breadcrumbTrail(entries, '/tool/gen-edit/index/3', own).map((step) => step.meta.title)).toEqual([
      '首页',
      '系统工具',
      '修改生成配置',
    ]);
  });

  it('leaves out routes that turn the breadcrumb off, and unknown pages', () => {
    const quiet = flattenRoutes([
      { path: '/a', component: 'Layout', meta: { title: 'A', breadcrumb: false }, children: [{ path: 'b', component: 'b', meta: { title: 'B' } }] },
    ]);
    expect(breadcrumbTrail(quiet, '/a/b', own).map((step) => step.meta.title)).toEqual(['首页', 'B']);
    expect(breadcrumbTrail(entries, '/nowhere', own)).toEqual([]);
  });
});

describe('searchablePages', () => {
  it('lists every page with its title chain in both languages', () => {
    const pages = searchablePages(buildMenu(tree));
    expect(pages.find((page) => page.path === '/system/log/operlog')).toEqual({
      path: '/system/log/operlog',
      titleZh: ['系统管理', '日志管理', '操作日志'],
      titleEn: ['System Management', 'Logs', 'Operation log'],
      external: false,
      search: '',
    });
    expect(pages.find((page) => page.titleZh.includes('帮助文档'))).toMatchObject({ path: 'https://docs.example.test', external: true });
  });
});
