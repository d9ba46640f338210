import type { ServerRoute } from '../../../routes/types';
import { consoleBackend, serverRoutes } from '../../../test/backend';
import type { Project } from '../types';

export const ok = (body: Record<string, unknown> = {}) => ({ body: { code: 200, msg: '操作成功', ...body } });

const meta = (title: string, titleEn: string) => ({ title, titleEn, icon: '#' });

/** A demo project with every field. */
export const riverside: Project = {
  id: 1,
  projectId: 1,
  projectName: '滨江景观照明示范项目',
  projectNumber: 'LS-DEMO-001',
  cityCode: '3301',
  cityName: '杭州市',
  projectUserName: '张工',
  phone: '13957188866',
  address: '钱塘江滨江段',
  organization: '杭州滨江城市建设有限公司',
  status: '1',
  acceptance: '0',
  startTime: '2025-03-18',
  contractNumber: 'HT-2025-0318',
  mapMode: '0',
  mapLevel: 15,
  longitude: 120.2108,
  latitude: 30.2084,
  menuLogo: '/demo/logo.svg',
  menuLogoStatus: '1',
  carouselPictures: ['/demo/carousel-riverside.svg'],
  planPicture: '/demo/plan-riverside.svg',
  modules: [
    { position: 1, moduleCode: 'gateway' },
    { position: 2, moduleCode: 'alarm' },
  ],
  iotStateInterval: 60,
  iotEnergyInterval: 900,
  enabled: '1',
  remark: '',
  createTime: '2026-04-01 09:00:00',
};

const projectRoutes: ServerRoute[] = [
  {
    path: '/project',
    component: 'Layout',
    redirect: 'noRedirect',
    alwaysShow: true,
    menuModule: '1',
    meta: meta('项目管理', 'Projects'),
    children: [{ path: 'info', component: 'project/info/index', meta: meta('项目信息', 'Project Info') }],
  },
  ...serverRoutes,
];

/** The demo backend with the project info screen's answers; routes can be replaced. */
export function projectInfoBackend(overrides: Parameters<typeof consoleBackend>[0] = {}) {
  return consoleBackend({
    'GET /system/menu/getRouters': ok({ data: projectRoutes }),
    'GET /project/project/list': ok({ rows: [riverside], total: 1 }),
    'GET /project/city/list': ok({
      data: [
        { cityCode: '3301', cityName: '杭州市', provinceCode: '33', provinceName: '浙江省' },
        { cityCode: '4403', cityName: '深圳市', provinceCode: '44', provinceName: '广东省' },
      ],
    }),
    ...overrides,
  });
}
