import type { ServerRoute } from '../../routes/types';
import { consoleBackend, serverRoutes } from '../../test/backend';
import type { Gateway, GatewayDetail } from './types';

/** Test data shaped as the contract's answers. */
export const gateway: Gateway = {
  gatewayId: 7,
  gatewayName: '北区网关',
  gatewayNumber: 'GW-0007',
  communicationType: '1',
  loopCount: 2,
  onlineStatus: '1',
  signal: -75,
  temperature: 36.5,
  firmwareVersion: '1.4.2',
  lastSeenTime: '2026-05-01 10:00:00',
  remark: '',
  createTime: '2026-04-01 09:00:00',
};

export const gatewayDetail: GatewayDetail = {
  ...gateway,
  loops: [
    { loopIndex: 1, loopName: '主路灯', on: true, voltage: 220.4, current: 1.25, activePower: 275.5, energy: 12.3, updateTime: '2026-05-01 10:00:00' },
    { loopIndex: 2, loopName: '', on: false, voltage: 0, current: 0, activePower: 0, energy: 3.1, updateTime: '2026-05-01 10:00:00' },
  ],
};

export const ok = (body: Record<string, unknown> = {}) => ({ body: { code: 200, msg: '操作成功', ...body } });

const meta = (title: string, titleEn: string) => ({ title, titleEn, icon: '#' });

/** The demo route tree with the lighting and alarm screens, as the identity seed has them. */
export const moduleRoutes: ServerRoute[] = [
  ...serverRoutes.filter((route) => route.path !== '/lighting'),
  {
    path: '/lighting',
    component: 'Layout',
    redirect: 'noRedirect',
    alwaysShow: true,
    menuModule: '1',
    meta: { ...meta('照明控制', 'Lighting Control'), icon: 'bulb' },
    children: [
      { path: 'gateway', component: 'lighting/gateway/index', meta: meta('网关管理', 'Gateways') },
      { path: 'control', component: 'lighting/gateway/control', meta: meta('实时控制', 'Real-time Control') },
      { path: 'oneKey', component: 'lighting/oneKey/index', meta: meta('一键控制', 'One-key Control') },
    ],
  },
  {
    path: '/alarm',
    component: 'Layout',
    redirect: 'noRedirect',
    alwaysShow: true,
    menuModule: '3',
    meta: { ...meta('告警管理', 'Alarm Management'), icon: 'alert' },
    children: [
      { path: 'type', component: 'alarm/type/index', meta: meta('告警类型', 'Alarm Types') },
      { path: 'realtime', component: 'alarm/realtime/index', meta: meta('实时告警', 'Real-time Alarms') },
      { path: 'history', component: 'alarm/history/index', meta: meta('历史告警', 'History Alarms') },
    ],
  },
];

/** The demo backend with the lighting screens' answers for gateway 7; routes can be replaced. */
export function lightingBackend(overrides: Parameters<typeof consoleBackend>[0] = {}) {
  return consoleBackend({
    'GET /system/menu/getRouters': ok({ data: moduleRoutes }),
    'GET /lighting/gateway/list': ok({ rows: [gateway], total: 1 }),
    'GET /lighting/gateway/7': ok({ data: gatewayDetail }),
    'GET /lighting/gateway/7/power': ok({
      data: { loopIndex: 1, points: [{ time: '2026-05-01 09:00:00', activePower: 270, voltage: 220, current: 1.2 }] },
    }),
    'GET /lighting/gateway/7/onlineHistory': ok({
      rows: [{ onlineStatus: '1', reason: 'heartbeat', time: '2026-05-01 08:00:00' }],
      total: 1,
    }),
    ...overrides,
  });
}
