import type { ServerRoute } from '../../routes/types';
import { consoleBackend, serverRoutes } from '../../test/backend';
import type { CombinedScene, CombinedSceneDetail, Gateway, GatewayDetail, GatewaySchedule, NightPlan, PlanSegment, Scene, SceneDetail, Task } from './types';

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

/** A second gateway, with four loops. */
export const southGateway: Gateway = { ...gateway, gatewayId: 8, gatewayName: '南区网关', gatewayNumber: 'GW-0008', loopCount: 4, onlineStatus: '0' };

export const scene: Scene = {
  sceneId: 3,
  sceneName: '节日场景',
  sceneType: '1',
  remark: '',
  loopCount: 2,
  createBy: 'admin',
  createTime: '2026-04-20 10:00:00',
  updateTime: null,
};

export const sceneDetail: SceneDetail = {
  ...scene,
  loops: [
    { gatewayId: 7, gatewayName: '北区网关', gatewayNumber: 'GW-0007', loopIndex: 1, loopName: '主路灯', switchState: '1', brightness: 80 },
    { gatewayId: 7, gatewayName: '北区网关', gatewayNumber: 'GW-0007', loopIndex: 2, loopName: '', switchState: '0', brightness: null },
  ],
};

export const nightScene: Scene = { ...scene, sceneId: 4, sceneName: '深夜节能', sceneType: '3', loopCount: 1 };

/** A sequence that cycles: 节日场景 for 30 minutes, then 深夜节能 for 45, again and again. */
export const combinedScene: CombinedScene = {
  sceneId: 21,
  sceneName: '节日轮换',
  executionMode: '1',
  repeatMode: '1',
  memberCount: 2,
  totalMinutes: 75,
  memberNames: ['节日场景', '深夜节能'],
  remark: '',
  createBy: 'admin',
  createTime: '2026-04-22 10:00:00',
  updateTime: null,
};

export const combinedSceneDetail: CombinedSceneDetail = {
  ...combinedScene,
  members: [
    { sceneId: 3, sceneName: '节日场景', minutes: 30 },
    { sceneId: 4, sceneName: '深夜节能', minutes: 45 },
  ],
};

/** Both scenes at once for the task's whole run (the later one wins a loop both set). */
export const syncCombinedScene: CombinedScene = {
  ...combinedScene,
  sceneId: 22,
  sceneName: '全场同亮',
  executionMode: '0',
  repeatMode: '0',
  totalMinutes: 0,
  memberNames: ['深夜节能', '节日场景'],
  remark: '节假日',
  createTime: '2026-04-23 10:00:00',
};

/** An enabled task from sunset +15 min to 22:00 in May, Monday to Friday, and a disabled one every night. */
export const tasks: Task[] = [
  {
    taskId: 11,
    taskName: '节日亮灯',
    priority: 5,
    dateFrom: '2026-05-01',
    dateTo: '2026-05-31',
    weekdays: '1,2,3,4,5',
    startType: '2',
    startTime: null,
    startOffset: 15,
    endType: '0',
    endTime: '22:00',
    endOffset: null,
    enabled: '1',
    issueState: '3',
    sceneIds: [3, 4],
    sceneNames: ['节日场景', '深夜节能'],
    gatewayIds: [7, 8],
    gatewayNames: ['北区网关', '南区网关'],
    remark: '',
    createBy: 'admin',
    createTime: '2026-04-21 09:00:00',
    updateTime: null,
  },
  {
    taskId: 12,
    taskName: '日常照明',
    priority: 1,
    dateFrom: null,
    dateTo: null,
    weekdays: '1,2,3,4,5,6,7',
    startType: '2',
    startTime: null,
    startOffset: 0,
    endType: '1',
    endTime: null,
    endOffset: -30,
    enabled: '0',
    issueState: '0',
    sceneIds: [3],
    sceneNames: ['节日场景'],
    gatewayIds: [7],
    gatewayNames: ['北区网关'],
    remark: '',
    createBy: 'admin',
    createTime: '2026-04-20 09:00:00',
    updateTime: null,
  },
];

const idle = { taskId: null, taskName: null, sceneId: null, sceneName: null, priority: null, until: null };

/** The instant of a wall time in Shanghai (+08:00 all year). */
const shanghai = (wall: string) => Date.parse(`${wall.replace(' ', 'T')}+08:00`);

/** Segments of a night in Shanghai, their instants beside their wall times. */
const shanghaiSegments = (segments: Omit<PlanSegment, 'fromMs' | 'toMs'>[]): PlanSegment[] =>
  segments.map((segment) => ({ ...segment, fromMs: shanghai(segment.from), toMs: shanghai(segment.to) }));

/** The night of 2026-05-01 in Shanghai: a task, a manual override, a minimum burn, nothing planned. */
export const nightPlan: NightPlan = {
  date: '2026-05-01',
  from: '2026-05-01 12:00:00',
  to: '2026-05-02 12:00:00',
  fromMs: shanghai('2026-05-01 12:00:00'),
  toMs: shanghai('2026-05-02 12:00:00'),
  timeZone: 'Asia/Shanghai',
  sunset: '2026-05-01 18:45:00',
  sunrise: '2026-05-02 05:15:00',
  gateways: [
    {
      gatewayId: 7,
      gatewayName: '北区网关',
      gatewayNumber: 'GW-0007',
      online: true,
      loops: [
        {
          loopIndex: 1,
          loopName: '主路灯',
          actual: { switchState: '1', brightness: 80, sampleTime: '2026-05-01 19:30:05' },
          segments: shanghaiSegments([
            { from: '2026-05-01 12:00:00', to: '2026-05-01 19:00:00', switchState: '0', brightness: null, cause: 'idle', ...idle },
            { ...idle, from: '2026-05-01 19:00:00', to: '2026-05-01 21:00:00', switchState: '1', brightness: 80, cause: 'task', taskId: 11, taskName: '节日亮灯', sceneId: 3, sceneName: '节日场景', priority: 5 },
            { ...idle, from: '2026-05-01 21:00:00', to: '2026-05-01 21:30:00', switchState: '1', brightness: 100, cause: 'override' },
            { ...idle, from: '2026-05-01 21:30:00', to: '2026-05-01 22:10:00', switchState: '1', brightness: 100, cause: 'minimumBurn', until: '2026-05-01 22:10:00' },
            { from: '2026-05-01 22:10:00', to: '2026-05-02 12:00:00', switchState: '0', brightness: null, cause: 'idle', ...idle },
          ]),
        },
        {
          loopIndex: 2,
          loopName: '',
          actual: null,
          segments: shanghaiSegments([{ from: '2026-05-01 12:00:00', to: '2026-05-02 12:00:00', switchState: '0', brightness: null, cause: 'idle', ...idle }]),
        },
      ],
    },
  ],
};

/** What the gateways hold: the north one took its schedule, the south one (offline) did not. */
export const gatewaySchedules: GatewaySchedule[] = [
  {
    gatewayId: 7,
    gatewayName: '北区网关',
    gatewayNumber: 'GW-0007',
    issueState: '3',
    scheduleId: 'sch-7-0001',
    validFrom: '2026-05-01 12:00:00',
    validUntil: '2026-05-08 12:00:00',
    loopCount: 2,
    stepCount: 14,
    message: '',
    issuedBy: 'admin',
    requestTime: '2026-05-01 10:00:00',
    finishTime: '2026-05-01 10:00:01',
  },
  {
    gatewayId: 8,
    gatewayName: '南区网关',
    gatewayNumber: 'GW-0008',
    issueState: '2',
    scheduleId: 'sch-8-0001',
    validFrom: '2026-05-01 12:00:00',
    validUntil: '2026-05-08 12:00:00',
    loopCount: 4,
    stepCount: 20,
    message: '设备离线，无法操作。',
    issuedBy: 'admin',
    requestTime: '2026-05-01 10:00:00',
    finishTime: '2026-05-01 10:00:00',
  },
];

/** The lighting routes with the scenes, combined scenes and tasks screens. */
export const scheduleRoutes: ServerRoute[] = moduleRoutes.map((route) =>
  route.path === '/lighting'
    ? {
        ...route,
        children: [
          ...(route.children ?? []),
          { path: 'scene', component: 'lighting/scene/index', meta: meta('场景管理', 'Scenes') },
          { path: 'combinedScene', component: 'lighting/combinedScene/index', meta: meta('组合场景', 'Combined Scenes') },
          { path: 'task', component: 'lighting/task/index', meta: meta('任务管理', 'Tasks') },
        ],
      }
    : route,
);

/** The demo backend with the scenes, combined scenes, tasks, site, plan and gateway schedules; routes can be replaced. */
export function scheduleBackend(overrides: Parameters<typeof consoleBackend>[0] = {}) {
  return lightingBackend({
    'GET /system/menu/getRouters': ok({ data: scheduleRoutes }),
    'GET /lighting/gateway/list': ok({ rows: [gateway, southGateway], total: 2 }),
    'GET /lighting/scene/list': ok({ rows: [scene, nightScene], total: 2 }),
    'GET /lighting/scene/3': ok({ data: sceneDetail }),
    'GET /lighting/combinedScene/list': ok({ rows: [combinedScene, syncCombinedScene], total: 2 }),
    'GET /lighting/combinedScene/21': ok({ data: combinedSceneDetail }),
    'GET /lighting/task/list': ok({ rows: tasks, total: tasks.length }),
    'GET /lighting/site': ok({ data: { latitude: 30.2741, longitude: 120.1551, timeZone: 'Asia/Shanghai' } }),
    'GET /lighting/plan/tonight': ok({ data: nightPlan }),
    'GET /lighting/task/gatewaySchedules': ok({ data: gatewaySchedules }),
    ...overrides,
  });
}
