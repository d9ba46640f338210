import type { ServerRoute } from '../routes/types';
import { mockFetch, type MockHandler, type MockResponse } from './fetchMock';

const meta = (title: string, titleEn: string, icon = '#') => ({ title, titleEn, icon });

/** A route tree shaped like the seeded one: two modules, a hidden page, the data screen. */
export const serverRoutes: ServerRoute[] = [
  {
    path: '/system',
    component: 'Layout',
    redirect: 'noRedirect',
    alwaysShow: true,
    menuModule: '4',
    meta: meta('系统管理', 'System Management', 'system'),
    children: [
      { path: 'user', component: 'system/user/index', meta: meta('用户管理', 'Users', 'user') },
      { path: 'role', component: 'system/role/index', meta: meta('角色管理', 'Roles') },
      { path: 'menu', component: 'system/menu/index', meta: { ...meta('菜单管理', 'Menus'), noCache: true } },
      { path: 'jobLog', component: 'monitor/job/log', hidden: true, meta: meta('调度日志', 'Job Log') },
    ],
  },
  {
    path: '/lighting',
    component: 'Layout',
    redirect: 'noRedirect',
    alwaysShow: true,
    menuModule: '1',
    meta: meta('照明控制', 'Lighting Control', 'bulb'),
    children: [
      { path: 'gateway', component: 'lighting/gateway/index', meta: meta('网关管理', 'Gateways') },
      { path: 'scene', component: 'lighting/scene/index', meta: meta('场景管理', 'Scenes') },
    ],
  },
  {
    path: '/',
    component: 'Layout',
    menuModule: 'dataScreen',
    children: [{ path: 'dataScreen', component: 'dataScreen/index', meta: meta('数据大屏', 'Data Big Screen', 'dashboard') }],
  },
];

export const projects = [
  { id: 1, projectName: '滨江景观照明示范项目', projectNumber: 'LS-DEMO-001', cityName: '杭州', projectUserName: '张工', status: '1' },
  { id: 2, projectName: '城市天际线亮化工程', projectNumber: 'LS-DEMO-002', cityName: '上海', projectUserName: '李工', status: '2' },
];

export const menuModules = [
  { dictValue: '1', dictLabel: '智慧照明', dictLabelZh: '智慧照明', dictLabelEn: 'Smart Lighting' },
  { dictValue: '4', dictLabel: '系统管理', dictLabelZh: '系统管理', dictLabelEn: 'System' },
  { dictValue: 'dataScreen', dictLabel: '数据大屏', dictLabelZh: '数据大屏', dictLabelEn: 'Data Screen' },
];

const ok = (body: Record<string, unknown>): MockResponse => ({ body: { code: 200, msg: '操作成功', ...body } });

/** The demo backend the console talks to in component tests; routes can be replaced. */
export function consoleBackend(overrides: Record<string, MockHandler | MockResponse> = {}) {
  return mockFetch({
    'GET /captchaImage': ok({ captchaEnabled: false }),
    'POST /login': ok({ token: 'jwt-1' }),
    'POST /logout': ok({}),
    'POST /auth/refresh': ok({ data: Date.now() + 3_600_000 }),
    'GET /getInfo': ok({
      user: { userId: 1, userName: 'admin', nickName: '超级管理员', avatar: '' },
      roles: ['ROLE_DEFAULT'],
      permissions: ['*:*:*'],
      defultMenu: '',
    }),
    'GET /system/menu/getRouters': ok({ data: serverRoutes }),
    'GET /system/config/configKey/sys.browser.nameZh': ok({ msg: '智慧景观照明云平台' }),
    'GET /system/config/configKey/sys.browser.nameEn': ok({ msg: 'Smart Landscape Lighting Cloud Platform' }),
    'GET /system/config/configKey/sys.menu.mode': ok({ msg: '0' }),
    'GET /system/config/configKey/ftp.resources.path': ok({ msg: '/prod-api/files' }),
    'GET /system/dict/data/type/menu_module_type': ok({ data: menuModules }),
    // What the layout and the lighting pages ask for on every page, as the server answers.
    'GET /system/dict/data/type/lighting_communication_type': ok({
      data: [
        { dictValue: '1', dictLabel: '4G', dictLabelZh: '4G', dictLabelEn: '4G' },
        { dictValue: '2', dictLabel: '以太网', dictLabelZh: '以太网', dictLabelEn: 'Ethernet' },
      ],
    }),
    'GET /alarm/alarm/openCount': ok({ data: { count: 0 } }),
    'GET /project/project/getProjectMainPageInfo': ok({ data: { project: null, devices: null, alarms: null, notices: [] } }),
    'GET /project/project/dropList': ok({ data: projects.map(({ id, projectName }) => ({ id, projectName })) }),
    'GET /project/project/userProjectList': (request) => {
      const name = request.query.get('projectName') ?? '';
      return ok({ data: projects.filter((project) => project.projectName.includes(name)) });
    },
    'GET /project/project/detail': (request) =>
      request.query.get('id') === '1'
        ? ok({ data: { id: 1, projectName: projects[0]?.projectName, menuLogo: '/demo/logo.svg', menuLogoStatus: '1' } })
        : ok({ data: { id: 2, projectName: projects[1]?.projectName, menuLogo: '', menuLogoStatus: '1' } }),
    ...overrides,
  });
}
