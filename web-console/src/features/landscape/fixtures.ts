import type { ServerRoute } from '../../routes/types';
import { consoleBackend, serverRoutes } from '../../test/backend';
import { ok, refused } from '../device/fixtures';
import type { TimingOneKey } from './types';

export { ok, refused };

/** Test data shaped as the contract's answers (docs/api-compatibility.md, "Timing one-key control"), the latest start first. */
export const waitingOff: TimingOneKey = {
  timingId: 12,
  switchState: '0',
  startTime: '2026-05-11 01:00:00',
  endTime: '2026-05-11 03:00:00',
  state: '0',
  remark: '检修停电',
  createBy: 'admin',
  createTime: '2026-05-10 09:00:00',
};

export const inForceOn: TimingOneKey = {
  timingId: 11,
  switchState: '1',
  startTime: '2026-05-10 08:00:00',
  endTime: '2026-05-10 18:00:00',
  state: '1',
  remark: null,
  createBy: 'admin',
  createTime: '2026-05-09 20:00:00',
};

export const overOn: TimingOneKey = {
  timingId: 10,
  switchState: '1',
  startTime: '2026-05-01 19:00:00',
  endTime: '2026-05-02 01:00:00',
  state: '2',
  remark: '节日亮灯',
  createBy: 'operator',
  createTime: '2026-04-30 10:00:00',
};

/** The demo project's site, whose zone the times are written in. */
export const site = { latitude: 30.2741, longitude: 120.1551, timeZone: 'Asia/Shanghai' };

const meta = (title: string, titleEn: string) => ({ title, titleEn, icon: '#' });

/** The demo route tree with the landscape directory's timing one-key screen. */
export const landscapeRoutes: ServerRoute[] = [
  ...serverRoutes,
  {
    path: '/landscape',
    component: 'Layout',
    redirect: 'noRedirect',
    alwaysShow: true,
    menuModule: '2',
    meta: meta('景观照明', 'Landscape Lighting'),
    children: [{ path: 'timingOneKey', component: 'landscape/timingOneKey/index', meta: meta('定时一键控制', 'Timing One-key Control') }],
  },
];

/** The demo backend with three timing one-keys (waiting, in force, over) and the site; routes can be replaced. */
export function landscapeBackend(overrides: Parameters<typeof consoleBackend>[0] = {}) {
  return consoleBackend({
    'GET /system/menu/getRouters': ok({ data: landscapeRoutes }),
    'GET /landscape/timingOneKey/list': ok({ rows: [waitingOff, inForceOn, overOn], total: 3 }),
    'GET /lighting/site': ok({ data: site }),
    ...overrides,
  });
}
