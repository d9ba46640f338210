import type { ServerRoute } from '../../routes/types';
import { consoleBackend, serverRoutes } from '../../test/backend';
import { gateway, nightPlan } from '../lighting/fixtures';
import type { Gateway, GatewayDetail } from '../lighting/types';
import type { CommunicationRecord, Device, DeviceCommand, DeviceGroup, DeviceGroupDetail, EquipmentCategory, EquipmentType, LoopChart } from './types';

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

/** Two gateways of the project (the gateway list's rows): the lighting tests' north one with four loops, and one of two. */
export const northGateway: Gateway = { ...gateway, loopCount: 4 };

export const southGateway: Gateway = { ...gateway, gatewayId: 8, gatewayName: '南区网关', gatewayNumber: 'GW-0008', loopCount: 2, onlineStatus: '0' };

/** The north gateway's detail: its first two loops named. */
export const northDetail: GatewayDetail = {
  ...northGateway,
  loops: [
    { loopIndex: 1, loopName: '主路灯', on: true, voltage: 220, current: 1, activePower: 220, energy: 1, updateTime: '2026-05-01 10:00:00' },
    { loopIndex: 2, loopName: '景观带', on: false, voltage: 0, current: 0, activePower: 0, energy: 0, updateTime: '2026-05-01 10:00:00' },
  ],
};

/** Devices shaped as the contract's answers ("Devices and device groups"). */
export const floodLamp: Device = {
  deviceId: 101,
  deviceName: '北岸投光灯1',
  deviceCode: 'FL-001',
  typeId: 21,
  typeName: '投光灯',
  categoryId: 5,
  categoryName: '灯具',
  gatewayId: 7,
  gatewayName: '北区网关',
  gatewayNumber: 'GW-0007',
  loopIndex: 1,
  loopName: '主路灯',
  address: '北岸观景台',
  longitude: 120.2108,
  latitude: 30.2084,
  status: '0',
  online: '1',
  switchState: '1',
  groupNames: ['北岸亮化'],
  remark: null,
  createBy: 'admin',
  createTime: '2026-04-22 10:00:00',
  updateTime: null,
};

export const wallStrip: Device = {
  ...floodLamp,
  deviceId: 102,
  deviceName: '南岸洗墙灯带',
  deviceCode: 'WS-002',
  typeId: 22,
  typeName: '洗墙灯带',
  gatewayId: 8,
  gatewayName: '南区网关',
  gatewayNumber: 'GW-0008',
  loopIndex: 2,
  loopName: '',
  address: '南岸立面',
  longitude: null,
  latitude: null,
  status: '1',
  online: '0',
  switchState: null,
  groupNames: [],
  createTime: '2026-04-23 10:00:00',
};

/** A device group shaped as the contract's answers. */
export const northGroup: DeviceGroup = {
  groupId: 31,
  groupName: '北岸亮化',
  remark: '北岸全部灯具',
  deviceCount: 1,
  createBy: 'admin',
  createTime: '2026-04-24 10:00:00',
  updateTime: null,
};

export const northGroupDetail: DeviceGroupDetail = { ...northGroup, deviceIds: [101], devices: [floodLamp] };

/** The instant of a wall time in Shanghai (+08:00 all year). */
const shanghai = (wall: string) => Date.parse(`${wall.replace(' ', 'T')}+08:00`);

/** A stretch the loop reported, its instants beside its wall times (Shanghai). */
const stretch = (from: string, to: string, switchState: '0' | '1') => ({ from, to, fromMs: shanghai(from), toMs: shanghai(to), switchState });

/**
 * The lighting chart of the north gateway's loop 1 on the night of 2026-05-01 in Shanghai
 * (contract: GET /device/chart/loop): the plan of tonight's plan (on 19:00 to 22:10: 3:10);
 * reported on 19:02 to 20:30 and 20:50 to 22:15 (2:53, 17 minutes less), silent in between;
 * the power of a few minutes, and none during the silence.
 */
export const loopChart: LoopChart = {
  date: '2026-05-01',
  from: nightPlan.from,
  to: nightPlan.to,
  fromMs: nightPlan.fromMs,
  toMs: nightPlan.toMs,
  timeZone: nightPlan.timeZone,
  sunset: nightPlan.sunset,
  sunrise: nightPlan.sunrise,
  gatewayId: 7,
  gatewayName: '北区网关',
  gatewayNumber: 'GW-0007',
  loopIndex: 1,
  loopName: '主路灯',
  planned: nightPlan.gateways[0]?.loops[0]?.segments ?? [],
  actual: [
    stretch('2026-05-01 12:00:00', '2026-05-01 19:02:00', '0'),
    stretch('2026-05-01 19:02:00', '2026-05-01 20:30:00', '1'),
    stretch('2026-05-01 20:50:00', '2026-05-01 22:15:00', '1'),
    stretch('2026-05-01 22:15:00', '2026-05-02 12:00:00', '0'),
  ],
  power: [
    { time: '2026-05-01 19:02:00', timeMs: shanghai('2026-05-01 19:02:00'), activePowerW: 218.4 },
    { time: '2026-05-01 19:03:00', timeMs: shanghai('2026-05-01 19:03:00'), activePowerW: 220 },
    { time: '2026-05-01 20:29:00', timeMs: shanghai('2026-05-01 20:29:00'), activePowerW: 221.5 },
    { time: '2026-05-01 20:50:00', timeMs: shanghai('2026-05-01 20:50:00'), activePowerW: 219 },
    { time: '2026-05-01 22:15:00', timeMs: shanghai('2026-05-01 22:15:00'), activePowerW: 0 },
  ],
};

/** The same night without telemetry: the plan alone. */
export const silentLoopChart: LoopChart = { ...loopChart, actual: [], power: [] };

/**
 * The command log shaped as the contract's answers (GET /device/command/list), newest first:
 * the plan renewing the south gateway's schedule, queued while it is offline; the plan putting
 * loop 3 of the north gateway back to its plan; admin switching it off by hand for a minute;
 * operator's task issue, which the offline south gateway did not take.
 */
export const renewQueued: DeviceCommand = {
  commandId: 504,
  gatewayId: 8,
  gatewayName: '南区网关',
  gatewayNumber: 'GW-0008',
  action: 'schedule',
  brightness: null,
  loops: [],
  holdUntil: null,
  scheduleId: 'sch-8-0502',
  heartbeatInterval: null,
  telemetryInterval: null,
  source: 'renew',
  requestedBy: 'plan',
  requestedAt: '2026-05-01 20:10:00',
  state: 'queued',
  result: null,
  message: '网关离线，等待上线后发送',
  attempts: 2,
  expiresAt: '2026-05-02 12:00:00',
  finishedAt: null,
};

export const backToPlan: DeviceCommand = {
  ...renewQueued,
  commandId: 503,
  gatewayId: 7,
  gatewayName: '北区网关',
  gatewayNumber: 'GW-0007',
  action: 'on',
  loops: [3],
  scheduleId: null,
  source: 'recommand',
  requestedAt: '2026-05-01 20:02:00',
  state: 'done',
  result: 'ok',
  message: '',
  attempts: 1,
  expiresAt: null,
  finishedAt: '2026-05-01 20:02:01',
};

export const offByHand: DeviceCommand = {
  ...backToPlan,
  commandId: 502,
  action: 'off',
  holdUntil: '2026-05-01 20:01:00',
  source: 'control',
  requestedBy: 'admin',
  requestedAt: '2026-05-01 20:00:00',
  finishedAt: '2026-05-01 20:00:01',
};

export const issueRefused: DeviceCommand = {
  ...renewQueued,
  commandId: 501,
  scheduleId: 'sch-8-0501',
  source: 'issue',
  requestedBy: 'operator',
  requestedAt: '2026-05-01 19:00:00',
  state: 'failed',
  result: 'offline',
  message: '设备离线，无法操作。',
  attempts: 1,
  expiresAt: null,
  finishedAt: '2026-05-01 19:00:00',
};

/** admin switching a group's loops of the north gateway on at 30 % (not in the log's default rows). */
export const groupOnDimmed: DeviceCommand = {
  ...backToPlan,
  commandId: 505,
  brightness: 30,
  loops: [1, 2],
  source: 'group',
  requestedBy: 'admin',
  requestedAt: '2026-05-01 20:20:00',
  finishedAt: '2026-05-01 20:20:01',
};

/** admin's batch parameter setting: the north gateway acknowledged both intervals, the south one was offline and told only the telemetry. */
export const paramsSet: DeviceCommand = {
  ...offByHand,
  commandId: 507,
  action: 'params',
  loops: [],
  holdUntil: null,
  heartbeatInterval: 20,
  telemetryInterval: 60,
  source: 'params',
  requestedAt: '2026-05-01 20:40:00',
  finishedAt: '2026-05-01 20:40:01',
};

export const paramsOffline: DeviceCommand = {
  ...paramsSet,
  commandId: 508,
  gatewayId: 8,
  gatewayName: '南区网关',
  gatewayNumber: 'GW-0008',
  heartbeatInterval: null,
  state: 'failed',
  result: 'offline',
  message: '设备离线，无法操作。',
  requestedAt: '2026-05-01 20:41:00',
  finishedAt: '2026-05-01 20:41:00',
};

/**
 * The communication records shaped as the contract's answers (GET /device/communication/list),
 * newest first: the north gateway's telemetry taken (a voltage written 220.0), the platform's
 * command to it and its acknowledgement, a telemetry heard again; the south gateway's event
 * refused with the protocol's reason, its payload cut at 8 KiB, and a heartbeat.
 */
export const telemetryTaken: CommunicationRecord = {
  recordId: 9005,
  gatewayId: 7,
  gatewayName: '北区网关',
  gatewayNumber: 'GW-0007',
  direction: 'up',
  channel: 'telemetry',
  outcome: 'accepted',
  reason: '',
  messageSeq: 1042,
  correlationId: null,
  deviceTime: '2026-05-10 09:59:58',
  recordTime: '2026-05-10 09:59:59',
  size: 1187,
  payload: '{"seq":1042,"loops":[{"index":1,"on":true,"voltage":220.0,"current":1.25},{"index":2,"on":false,"voltage":0,"current":0}],"alarms":[]}',
  truncated: false,
};

export const commandSent: CommunicationRecord = {
  ...telemetryTaken,
  recordId: 9004,
  direction: 'down',
  channel: 'command',
  outcome: 'sent',
  messageSeq: null,
  correlationId: 'cmd-502',
  deviceTime: null,
  recordTime: '2026-05-10 09:58:00',
  size: 96,
  payload: '{"type":"loop_set","loops":[3],"on":false,"hold_minutes":1}',
};

export const ackTaken: CommunicationRecord = {
  ...telemetryTaken,
  recordId: 9003,
  channel: 'ack',
  messageSeq: 1041,
  correlationId: 'cmd-502',
  deviceTime: '2026-05-10 09:58:01',
  recordTime: '2026-05-10 09:58:01',
  size: 64,
  payload: '{"ack":"cmd-502","ok":true}',
};

export const telemetryAgain: CommunicationRecord = {
  ...telemetryTaken,
  recordId: 9002,
  outcome: 'duplicate',
  messageSeq: 1040,
  deviceTime: '2026-05-10 09:57:28',
  recordTime: '2026-05-10 09:57:30',
};

/** The first 8 KiB of an event the south gateway sent, cut inside its detail. */
const CUT_EVENT = `{"kind":"door_open","detail":"${'A'.repeat(8192 - '{"kind":"door_open","detail":"'.length)}`;

export const eventRefused: CommunicationRecord = {
  ...telemetryTaken,
  recordId: 9001,
  gatewayId: 8,
  gatewayName: '南区网关',
  gatewayNumber: 'GW-0008',
  channel: 'event',
  outcome: 'refused',
  reason: 'unknown event kind: door_open',
  messageSeq: 77,
  deviceTime: '2026-05-10 09:50:00',
  recordTime: '2026-05-10 09:50:02',
  size: 12288,
  payload: CUT_EVENT,
  truncated: true,
};

export const heartbeatTaken: CommunicationRecord = {
  ...eventRefused,
  recordId: 9000,
  channel: 'heartbeat',
  outcome: 'accepted',
  reason: '',
  messageSeq: 76,
  deviceTime: '2026-05-10 09:45:00',
  recordTime: '2026-05-10 09:45:00',
  size: 18,
  payload: '{"uptime":86400}',
  truncated: false,
};

export const COMMUNICATION_ROWS = [telemetryTaken, commandSent, ackTaken, telemetryAgain, eventRefused, heartbeatTaken];

export const ok = (body: Record<string, unknown> = {}) => ({ body: { code: 200, msg: '操作成功', ...body } });

/** The server's refusal: the HTTP status is the code, the message in the session's language. */
export const refused = (code: number, msg: string) => ({ status: code, body: { code, msg } });

const meta = (title: string, titleEn: string) => ({ title, titleEn, icon: '#' });

/** The demo route tree with the device directory's category, type, device, group, chart, command log and communication screens. */
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
      { path: 'device', component: 'device/device/index', meta: meta('设备列表', 'Devices') },
      { path: 'group', component: 'device/group/index', meta: meta('设备分组', 'Device Groups') },
      { path: 'chart', component: 'device/chart/index', meta: meta('照明图表', 'Lighting Charts') },
      { path: 'command', component: 'device/command/index', meta: meta('指令记录', 'Command Log') },
      { path: 'communication', component: 'device/communication/index', meta: meta('通信记录', 'Communication Records') },
    ],
  },
];

/**
 * The demo backend with two categories, two types, two gateways (the north one's detail), two
 * devices, a group, a lighting chart, four commands and six communication records; routes can be replaced.
 */
export function deviceBackend(overrides: Parameters<typeof consoleBackend>[0] = {}) {
  return consoleBackend({
    'GET /system/menu/getRouters': ok({ data: deviceRoutes }),
    'GET /device/category/list': ok({ rows: [lampCategory, sensorCategory], total: 2 }),
    'GET /device/type/list': ok({ rows: [floodType, stripType], total: 2 }),
    'GET /lighting/gateway/list': ok({ rows: [northGateway, southGateway], total: 2 }),
    'GET /lighting/gateway/7': ok({ data: northDetail }),
    'GET /device/device/list': ok({ rows: [floodLamp, wallStrip], total: 2 }),
    'GET /device/group/list': ok({ rows: [northGroup], total: 1 }),
    'GET /device/group/31': ok({ data: northGroupDetail }),
    'GET /device/chart/loop': ok({ data: loopChart }),
    'GET /device/command/list': ok({ rows: [renewQueued, backToPlan, offByHand, issueRefused], total: 4 }),
    'GET /device/communication/list': ok({ rows: COMMUNICATION_ROWS, total: COMMUNICATION_ROWS.length }),
    ...overrides,
  });
}
