import type { ServerRoute } from '../../routes/types';
import { consoleBackend, serverRoutes } from '../../test/backend';
import type {
  Campaign,
  CampaignTarget,
  CombinedScene,
  CombinedSceneDetail,
  EnergyRankingRow,
  EnergySetting,
  EnergyStats,
  EnergySummary,
  Firmware,
  Gateway,
  GatewayDetail,
  GatewaySchedule,
  NightPlan,
  PlanSegment,
  Scene,
  SceneDetail,
  Task,
  UpgradeGateway,
} from './types';

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
  gatewayType: 'LS-GW100',
  brand: '朗明',
  lastSeenTime: '2026-05-01 10:00:00',
  heartbeatInterval: 30,
  telemetryInterval: 60,
  paramsTime: '2026-04-30 18:00:00',
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

/** The demo route tree with the energy statistics screen (menu 408), as the identity seed has it. */
export const energyRoutes: ServerRoute[] = moduleRoutes.map((route) =>
  route.path === '/lighting'
    ? { ...route, children: [...(route.children ?? []), { path: 'energy', component: 'lighting/energy/index', meta: meta('能耗统计', 'Energy') }] }
    : route,
);

/**
 * Three days of the project's energy by the day (GET /lighting/energy/stats), the last two
 * flagged: the 9th a counter reset, the 10th a gap and a jump. Each day's bands add up to its
 * kWh, and the days to the total.
 */
export const energyStats: EnergyStats = {
  timeZone: 'Asia/Shanghai',
  baseline: 'fullNight',
  baselineNote: '按改造前整夜亮灯计算',
  rows: [
    { time: '2026-05-08', kwh: 120.5, peakKwh: 30.1, flatKwh: 50.2, valleyKwh: 40.2, cost: 78.35, baselineKwh: 200, savingKwh: 79.5, savingCost: 51.68, flags: 0 },
    { time: '2026-05-09', kwh: 118.25, peakKwh: 29.5, flatKwh: 48.75, valleyKwh: 40, cost: 76.9, baselineKwh: 200, savingKwh: 81.75, savingCost: 53.14, flags: 1 },
    { time: '2026-05-10', kwh: 40, peakKwh: 10, flatKwh: 20, valleyKwh: 10, cost: 25.95, baselineKwh: 200, savingKwh: 160, savingCost: 104, flags: 6 },
  ],
  total: { kwh: 278.75, peakKwh: 69.6, flatKwh: 118.95, valleyKwh: 90.2, cost: 181.2, baselineKwh: 600, savingKwh: 321.25, savingCost: 208.82, flags: 7 },
};

/** The loops that used the most (GET /lighting/energy/ranking): the north gateway's named loop, the south gateway's unnamed one. */
export const energyRanking: EnergyRankingRow[] = [
  { gatewayId: 7, gatewayName: '北区网关', gatewayNumber: 'GW-0007', loopIndex: 1, loopName: '主路灯', kwh: 150.5, cost: 97.8 },
  { gatewayId: 8, gatewayName: '南区网关', gatewayNumber: 'GW-0008', loopIndex: 2, loopName: '', kwh: 80, cost: 52 },
];

/** The tariff (GET /lighting/energy/setting): valley 00:00-08:00, peak 11:00-14:00 and 19:00-22:00, flat otherwise. */
export const energySetting: EnergySetting = {
  peakPrice: 1.2,
  flatPrice: 0.75,
  valleyPrice: 0.35,
  hourBands: 'VVVVVVVVFFFPPPFFFFFPPPFF',
  baseline: 'fullNight',
  baselineNote: '按改造前整夜亮灯计算',
  timeZone: 'Asia/Shanghai',
  updateBy: 'admin',
  updateTime: '2026-05-01 10:00:00',
};

/** The home page's and the big screen's figures (GET /lighting/energy/summary). */
export const energySummary: EnergySummary = {
  todayKwh: 40,
  monthKwh: 1234.5,
  monthCost: 801.2,
  monthSavingKwh: 2100.75,
  lastMonthKwh: 3500,
  days: ['04', '05', '06', '07', '08', '09', '10'].map((day, index) => ({ date: `2026-05-${day}`, kwh: 100 + index * 10 })),
};

/** The demo backend with the energy screen's answers, two gateways and a device group; routes can be replaced. */
export function energyBackend(overrides: Parameters<typeof consoleBackend>[0] = {}) {
  return lightingBackend({
    'GET /system/menu/getRouters': ok({ data: energyRoutes }),
    'GET /lighting/gateway/list': ok({ rows: [gateway, southGateway], total: 2 }),
    'GET /device/group/list': ok({ rows: [{ groupId: 31, groupName: '北岸亮化', remark: '', deviceCount: 1, createBy: 'admin', createTime: '2026-04-24 10:00:00', updateTime: null }], total: 1 }),
    'GET /lighting/energy/stats': ok({ data: energyStats }),
    'GET /lighting/energy/ranking': ok({ data: energyRanking }),
    'GET /lighting/energy/setting': ok({ data: energySetting }),
    'PUT /lighting/energy/setting': ok(),
    'POST /lighting/energy/rebuild': ok({ data: { days: 30 } }),
    'GET /lighting/energy/summary': ok({ data: energySummary }),
    ...overrides,
  });
}

/** The lighting menu with the firmware library and the upgrade screen, as the identity seed has them. */
export const upgradeRoutes: ServerRoute[] = moduleRoutes.map((route) =>
  route.path === '/lighting'
    ? {
        ...route,
        children: [
          ...(route.children ?? []),
          { path: 'version', component: 'lighting/gateway/version', meta: meta('网关版本', 'Gateway Versions') },
          { path: 'upgrade', component: 'lighting/gateway/upgrade', meta: meta('网关升级', 'Gateway Upgrade') },
        ],
      }
    : route,
);

/** A firmware of the library (GET /lighting/version/list): 186,778 bytes, 182.4 KB. */
export const firmware: Firmware = {
  firmwareId: 5,
  version: '1.5.0',
  gatewayType: 'LS-GW100',
  fileName: 'ls-gw100-1.5.0.bin',
  size: 186_778,
  sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  notes: '修复夜间调光',
  createBy: 'admin',
  createTime: '2026-05-02 09:30:00',
};

/** The upgrade screen's gateways: the north one upgrading (40 %), the south one failed. */
export const upgradeGateways: UpgradeGateway[] = [
  { gatewayId: 7, gatewayName: '北区网关', gatewayNumber: 'GW-0007', gatewayType: 'LS-GW100', brand: '朗明', version: '1.4.2', online: '1', upgradeState: '1', targetVersion: '1.5.0', progress: 40, upgradeTime: '2026-05-03 10:00:00' },
  { gatewayId: 8, gatewayName: '南区网关', gatewayNumber: 'GW-0008', gatewayType: 'LS-GW100', brand: '朗明', version: '', online: '0', upgradeState: '3', targetVersion: '1.5.0', progress: 10, upgradeTime: '2026-05-03 10:05:00' },
];

/** A running campaign of 10 gateways: 3 upgraded, 1 failed, 2 upgrading, 4 waiting. */
export const runningCampaign: Campaign = {
  campaignId: 12,
  firmwareId: 5,
  version: '1.5.0',
  gatewayType: 'LS-GW100',
  state: 'running',
  concurrency: 10,
  failureThreshold: 20,
  total: 10,
  notUpgraded: 4,
  upgrading: 2,
  success: 3,
  failed: 1,
  progress: 40,
  stopReason: null,
  createBy: 'admin',
  createTime: '2026-05-03 10:00:00',
  finishTime: null,
};

/** A campaign paused, and one stopped by its failure threshold. */
export const pausedCampaign: Campaign = { ...runningCampaign, campaignId: 11, state: 'paused', version: '1.4.9' };
export const stoppedCampaign: Campaign = {
  ...runningCampaign,
  campaignId: 10,
  version: '1.4.8',
  state: 'stopped',
  failed: 3,
  success: 1,
  upgrading: 0,
  notUpgraded: 6,
  stopReason: '失败率 30% 超过阈值 20%',
};
export const finishedCampaign: Campaign = { ...runningCampaign, campaignId: 9, version: '1.4.2', state: 'finished', success: 10, failed: 0, upgrading: 0, notUpgraded: 0, progress: 100, finishTime: '2026-04-30 12:00:00' };

/** The running campaign's gateways: the north one transferring, the south one failed. */
export const campaignTargets: CampaignTarget[] = [
  { gatewayId: 7, gatewayName: '北区网关', gatewayNumber: 'GW-0007', fromVersion: '1.4.2', upgradeState: '1', progress: 40, chunksSent: 80, chunkCount: 200, phase: 'transfer', attempts: 1, error: null, startTime: '2026-05-03 10:00:00', finishTime: null },
  { gatewayId: 8, gatewayName: '南区网关', gatewayNumber: 'GW-0008', fromVersion: '1.4.1', upgradeState: '3', progress: 10, chunksSent: 20, chunkCount: 200, phase: 'transfer', attempts: 3, error: 'chunk 20 not acknowledged', startTime: '2026-05-03 10:00:00', finishTime: '2026-05-03 10:04:00' },
];

const dictItem = (dictValue: string, dictLabelZh: string, dictLabelEn: string) => ({ dictValue, dictLabel: dictLabelZh, dictLabelZh, dictLabelEn });

/** The seeded upgrade dictionaries. */
export const upgradeStateDict = [
  dictItem('0', '未升级', 'Not upgraded'),
  dictItem('1', '升级中', 'Upgrading'),
  dictItem('2', '成功', 'Success'),
  dictItem('3', '失败', 'Failed'),
];
export const campaignStateDict = [
  dictItem('running', '进行中', 'Running'),
  dictItem('paused', '已暂停', 'Paused'),
  dictItem('stopped', '已自动停止', 'Stopped (failure rate)'),
  dictItem('cancelled', '已取消', 'Cancelled'),
  dictItem('finished', '已完成', 'Finished'),
];

/** The demo backend with the firmware library and the upgrade screen; routes can be replaced. */
export function upgradeBackend(overrides: Parameters<typeof consoleBackend>[0] = {}) {
  return lightingBackend({
    'GET /system/menu/getRouters': ok({ data: upgradeRoutes }),
    'GET /system/dict/data/type/lighting_upgrade_state': ok({ data: upgradeStateDict }),
    'GET /system/dict/data/type/lighting_campaign_state': ok({ data: campaignStateDict }),
    'GET /lighting/gateway/list': ok({ rows: [gateway, southGateway], total: 2 }),
    'GET /device/group/list': ok({ rows: [{ groupId: 31, groupName: '北岸亮化', remark: '', deviceCount: 1, createBy: 'admin', createTime: '2026-04-24 10:00:00', updateTime: null }], total: 1 }),
    'GET /lighting/version/list': ok({ rows: [firmware], total: 1 }),
    'GET /lighting/upgrade/gateways': ok({ rows: upgradeGateways, total: 2 }),
    'GET /lighting/upgrade/list': ok({ rows: [pausedCampaign, stoppedCampaign, finishedCampaign], total: 3 }),
    'GET /lighting/upgrade/12/targets': ok({ rows: campaignTargets, total: 2 }),
    ...overrides,
  });
}
