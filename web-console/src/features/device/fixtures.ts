import type { ServerRoute } from '../../routes/types';
import { consoleBackend, serverRoutes } from '../../test/backend';
import type { EquipmentCategory, EquipmentType } from './types';

/** Test data shaped as the contract's answers (docs/api-compatibility.md, "Equipment categories and types"). */
export const lampCategory: EquipmentCategory = {
  categoryId: 5,
  categoryName: '灯具',
  categoryCode: 'LAMP',
  remark: '景观灯具',
  typeCount: 2,
  createBy: 'admin',
  createTime: '2026-04-20 10:00:00',
  updateTime: null,
};

export const sensorCategory: EquipmentCategory = {
  categoryId: 6,
  categoryName: '传感器',
  categoryCode: 'SENSOR',
  remark: null,
  typeCount: 0,
  createBy: 'admin',
  createTime: '2026-04-21 09:30:00',
  updateTime: null,
};

export const floodType: EquipmentType = {
  typeId: 21,
  categoryId: 5,
  categoryName: '灯具',
  typeName: '投光灯',
  typeCode: 'FLOOD',
  typeValue: 1,
  statusCheckSeconds: 300,
  minimumBurnMinutes: 15,
  remark: '',
  createBy: 'admin',
  createTime: '2026-04-20 11:00:00',
  updateTime: null,
};

export const stripType: EquipmentType = {
  ...floodType,
  typeId: 22,
  typeName: '洗墙灯带',
  typeCode: 'WALL_STRIP',
  typeValue: 8,
  statusCheckSeconds: 600,
  minimumBurnMinutes: 0,
  remark: '立面',
};

export const ok = (body: Record<string, unknown> = {}) => ({ body: { code: 200, msg: '操作成功', ...body } });

/** The server's refusal: the HTTP status is the code, the message in the session's language. */
export const refused = (code: number, msg: string) => ({ status: code, body: { code, msg } });

const meta = (title: string, titleEn: string) => ({ title, titleEn, icon: '#' });

/** The demo route tree with the device directory's category and type screens. */
export const deviceRoutes: ServerRoute[] = [
  ...serverRoutes,
  {
    path: '/device',
    component: 'Layout',
    redirect: 'noRedirect',
    alwaysShow: true,
    menuModule: '1',
    meta: meta('设备管理', 'Device Management'),
    children: [
      { path: 'category', component: 'device/category/index', meta: meta('设备分类', 'Equipment categories') },
      { path: 'type', component: 'device/type/index', meta: meta('设备类型', 'Equipment types') },
    ],
  },
];

/** The demo backend with two categories and two types; routes can be replaced. */
export function deviceBackend(overrides: Parameters<typeof consoleBackend>[0] = {}) {
  return consoleBackend({
    'GET /system/menu/getRouters': ok({ data: deviceRoutes }),
    'GET /device/category/list': ok({ rows: [lampCategory, sensorCategory], total: 2 }),
    'GET /device/type/list': ok({ rows: [floodType, stripType], total: 2 }),
    ...overrides,
  });
}
