import type { GatewayResults, PlanSegment } from '../lighting/types';

/** The kinds of device the map places; gateways until the device registry adds its kinds. */
export type DeviceType = 'gateway';

/** GET /project/location/{id}: where the project sits on the map. */
export interface ProjectLocation {
  id: number;
  projectName: string;
  longitude: number | null;
  latitude: number | null;
  mapLevel: number;
}

/** The part of the map shown, in degrees, and its zoom level (the list's query). */
export interface MapViewport {
  minLng: number;
  minLat: number;
  maxLng: number;
  maxLat: number;
  zoom: number;
}

export interface DeviceLocationQuery extends Partial<MapViewport> {
  deviceType?: DeviceType;
  deviceName?: string;
}

/** One located device. */
export interface DeviceMarker {
  deviceType: string;
  deviceId: number;
  deviceName: string;
  deviceNumber: string;
  /** '1' online, '0' offline. */
  onlineStatus: string;
  longitude: number;
  latitude: number;
}

/** Devices of one grid cell, counted by the server. */
export interface DeviceCluster {
  count: number;
  longitude: number;
  latitude: number;
}

/** GET /device/device/locationDevice/list: markers, or clusters when the viewport holds more than 500. */
export interface DeviceLocations {
  mode: 'markers' | 'clusters';
  total: number;
  truncated: boolean;
  markers: DeviceMarker[];
  clusters: DeviceCluster[];
}

/** POST /device/device/location: nulls clear the location. */
export interface DeviceLocationChange {
  deviceType: DeviceType;
  deviceId: number;
  longitude: number | null;
  latitude: number | null;
}

/**
 * An equipment category of the project (contract: GET /device/category/list, issue 12): name
 * 1 to 30 characters, code 1 to 32 letters, digits, underscores or hyphens, unique in the project.
 */
export interface EquipmentCategory {
  categoryId: number;
  categoryName: string;
  categoryCode: string;
  remark: string | null;
  /** How many equipment types the category holds; a category with types cannot be deleted. */
  typeCount: number;
  createBy: string;
  createTime: string;
  updateTime: string | null;
}

export interface EquipmentCategoryQuery {
  pageNum: number;
  pageSize: number;
  categoryName?: string;
  categoryCode?: string;
}

/** POST /device/category body (PUT adds `categoryId`). */
export interface EquipmentCategoryChange {
  categoryName: string;
  categoryCode: string;
  remark: string;
}

/**
 * An equipment type of the project (contract: GET /device/type/list): a category of the
 * project, name, code as a category's, `typeValue` 0 to 255 (lower is a higher priority),
 * the status check in seconds (10 to 86,400), the minimum burn in minutes (0 to 240).
 */
export interface EquipmentType {
  typeId: number;
  categoryId: number;
  categoryName: string;
  typeName: string;
  typeCode: string;
  typeValue: number;
  statusCheckSeconds: number;
  minimumBurnMinutes: number;
  remark: string | null;
  createBy: string;
  createTime: string;
  updateTime: string | null;
}

export interface EquipmentTypeQuery {
  pageNum: number;
  pageSize: number;
  typeName?: string;
  categoryId?: number;
}

/** POST /device/type body (PUT adds `typeId`). */
export interface EquipmentTypeChange {
  categoryId: number;
  typeName: string;
  typeCode: string;
  typeValue: number;
  statusCheckSeconds: number;
  minimumBurnMinutes: number;
  remark: string;
}

/** A device's status: '0' in service, '1' out of service. */
export type DeviceStatus = '0' | '1';

/** A switch: '1' on, '0' off. */
export type SwitchState = '0' | '1';

/**
 * A lamp or fitting hung on one loop of a gateway (contract: GET /device/device/list, issue
 * 12): its type (and the type's category), its gateway and loop, its address and location,
 * whether it is in service; `online` is its gateway's ('1'/'0'), `switchState` its loop's last
 * reported state ('1' on, '0' off, null unknown).
 */
export interface Device {
  deviceId: number;
  deviceName: string;
  deviceCode: string;
  typeId: number;
  typeName: string;
  categoryId: number;
  categoryName: string;
  gatewayId: number;
  gatewayName: string;
  gatewayNumber: string;
  loopIndex: number;
  /** The loop's name on its gateway; empty when it has none. */
  loopName: string;
  address: string;
  longitude: number | null;
  latitude: number | null;
  status: string;
  online: string;
  switchState: string | null;
  /** The groups the device belongs to. */
  groupNames: string[];
  remark: string | null;
  createBy: string;
  createTime: string;
  updateTime: string | null;
}

export interface DeviceQuery {
  pageNum: number;
  pageSize: number;
  deviceName?: string;
  deviceCode?: string;
  typeId?: number;
  gatewayId?: number;
  groupId?: number;
  status?: string;
}

/** POST /device/device body (PUT adds `deviceId`): a location is both coordinates or neither (nulls). */
export interface DeviceChange {
  deviceName: string;
  deviceCode: string;
  typeId: number;
  gatewayId: number;
  loopIndex: number;
  address: string;
  longitude: number | null;
  latitude: number | null;
  status: DeviceStatus;
  remark: string;
}

/** A row the device import refused: its row in the sheet (the header is 1), its code, why. */
export interface DeviceImportFailure {
  row: number;
  deviceCode: string;
  msg: string;
}

/** What a device import answered: its msg, and the refused rows (none when everything was imported). */
export interface DeviceImportOutcome {
  msg: string;
  failures: DeviceImportFailure[];
}

/** A device group of the project (contract: GET /device/group/list): name 1 to 30 characters, at most 1,000 devices. */
export interface DeviceGroup {
  groupId: number;
  groupName: string;
  remark: string | null;
  deviceCount: number;
  createBy: string;
  createTime: string;
  updateTime: string | null;
}

/** GET /device/group/{groupId}: the group with its devices. */
export interface DeviceGroupDetail extends DeviceGroup {
  deviceIds: number[];
  devices: Device[];
}

export interface DeviceGroupQuery {
  pageNum: number;
  pageSize: number;
  groupName?: string;
}

/** POST /device/group body (PUT adds `groupId`). */
export interface DeviceGroupChange {
  groupName: string;
  remark: string;
  deviceIds: number[];
}

/**
 * POST /device/group/control body: switch the loops of the group's devices in service on
 * ('1') or off ('0'); under a schedule the switch holds until its next step, or for
 * `holdMinutes` (1 to 1440) when that comes first.
 */
export interface GroupControl {
  groupId: number;
  switchState: SwitchState;
  holdMinutes?: number;
  /** Switching on only: the brightness, a whole number 1 to 100; none is full brightness (lib/brightness.ts). */
  brightness?: number;
}

/** The group control's answer, as one-key control's: the counts and one result per gateway. */
export type GroupControlAnswer = GatewayResults;

/**
 * A stretch of the night the loop reported one state (contract: GET /device/chart/loop):
 * from its first sample to the next sample; where the telemetry fell silent for more than 5
 * minutes it ends at its last sample, and the chart shows a gap until the next stretch.
 */
export interface ActualStretch {
  /** YYYY-MM-DD HH:mm:ss in the site's time zone: for labels. */
  from: string;
  to: string;
  /** The exact instants of `from` and `to`, Unix milliseconds: where the stretch is drawn. */
  fromMs: number;
  toMs: number;
  switchState: SwitchState;
}

/** The loop's active power averaged over one minute. */
export interface PowerSample {
  /** YYYY-MM-DD HH:mm:ss in the site's time zone. */
  time: string;
  timeMs: number;
  /** Watts; null when the minute has no reading. */
  activePowerW: number | null;
}

/**
 * A lighting chart (contract: GET /device/chart/loop): one loop's night, from 12:00 on `date`
 * to 12:00 the next day in the site's time zone, its plan (the segments of tonight's plan)
 * against what it reported, and its power. Every time text is written in the site's zone.
 */
export interface LoopChart {
  date: string;
  /** YYYY-MM-DD HH:mm:ss in the site's time zone. */
  from: string;
  to: string;
  /** The exact instants of `from` and `to`, Unix milliseconds. */
  fromMs: number;
  toMs: number;
  /** The site's IANA time zone. */
  timeZone: string;
  /** YYYY-MM-DD HH:mm:ss in the site's time zone; null in a polar day or night. */
  sunset: string | null;
  sunrise: string | null;
  gatewayId: number;
  gatewayName: string;
  gatewayNumber: string;
  loopIndex: number;
  /** The loop's name on its gateway; empty when it has none. */
  loopName: string;
  planned: PlanSegment[];
  actual: ActualStretch[];
  power: PowerSample[];
}

export interface LoopChartQuery {
  gatewayId: number;
  loopIndex: number;
  /** YYYY-MM-DD; the site's today when absent. */
  date?: string;
}

/** What a command does: switch loops on or off, or give a gateway a schedule to follow. */
export type CommandAction = 'on' | 'off' | 'schedule' | 'params';

/**
 * Who asked for a command: an operator's real-time control, one-key control, group control or
 * task issue; or the plan itself, renewing an issued schedule each day (`renew`) or putting a
 * loop back to its plan (`recommand`).
 */
export type CommandSource = 'control' | 'one_key' | 'group' | 'issue' | 'renew' | 'recommand' | 'params';

/** Where a command is: waiting to be sent, on its way, or finished (acknowledged, failed, expired while it waited). */
export type CommandState = 'queued' | 'sending' | 'done' | 'failed' | 'expired';

/** How a finished command ended. */
export type CommandResult = 'ok' | 'offline' | 'timeout' | 'error' | 'expired';

/** The list's result filter: an end, or `pending` (not finished: queued or being sent). */
export type CommandResultFilter = CommandResult | 'pending';

/**
 * A command sent to a gateway, as audited (contract: GET /device/command/list), newest first.
 * Codes are kept as sent (a code the console does not know shows as it came); times are
 * `YYYY-MM-DD HH:mm:ss`.
 */
export interface DeviceCommand {
  commandId: number;
  gatewayId: number;
  gatewayName: string;
  gatewayNumber: string;
  /** A CommandAction. */
  action: string;
  /** The brightness of an `on` command, 1 to 100; null for the others and an `on` recorded without one (full). */
  brightness: number | null;
  /** The loops switched; empty for a schedule. */
  loops: number[];
  /** Until when a switch by hand holds the loops against their schedule; null without a hold. */
  holdUntil: string | null;
  /** The schedule given (a `schedule` command). */
  scheduleId: string | null;
  /** A `params` command: the heartbeat and telemetry intervals set, in seconds; null when left as the gateway had it. */
  heartbeatInterval: number | null;
  telemetryInterval: number | null;
  /** A CommandSource. */
  source: string;
  /** The user's name, or `plan` for the plan's own commands. */
  requestedBy: string;
  requestedAt: string;
  /** A CommandState. */
  state: string;
  /** A CommandResult once finished, null before. */
  result: string | null;
  /** Why it failed, or why it waits. */
  message: string;
  /** Sends so far. */
  attempts: number;
  /** Until when a queued command may still be sent. */
  expiresAt: string | null;
  finishedAt: string | null;
}

export interface DeviceCommandQuery {
  pageNum: number;
  pageSize: number;
  gatewayId?: number;
  loopIndex?: number;
  action?: CommandAction;
  source?: CommandSource;
  result?: CommandResultFilter;
  /** A part of the user's name. */
  requestedBy?: string;
  /** Whole days (YYYY-MM-DD), both included, as the log screens filter. */
  'params[beginTime]'?: string;
  'params[endTime]'?: string;
}

/** Which way a message went: from the gateway to the platform (`up`) or from the platform to the gateway (`down`). */
export type CommunicationDirection = 'up' | 'down';

/** What a message was: telemetry, a heartbeat, an event, an acknowledgement, a command. */
export type CommunicationChannel = 'telemetry' | 'heartbeat' | 'event' | 'ack' | 'command';

/**
 * What became of a message: heard and taken (`accepted`), heard again and left (`duplicate`),
 * refused (with the protocol's reason), or sent to the gateway (`sent`).
 */
export type CommunicationOutcome = 'accepted' | 'duplicate' | 'refused' | 'sent';

/**
 * One message between a gateway and the platform, as recorded (contract: GET
 * /device/communication/list), newest first. Codes are kept as sent (a code the console does
 * not know shows as it came); times are `YYYY-MM-DD HH:mm:ss`.
 */
export interface CommunicationRecord {
  recordId: number;
  gatewayId: number;
  gatewayName: string;
  gatewayNumber: string;
  /** A CommunicationDirection. */
  direction: string;
  /** A CommunicationChannel. */
  channel: string;
  /** A CommunicationOutcome. */
  outcome: string;
  /** Why it was refused, the protocol's reason in English as recorded; empty unless refused. */
  reason: string;
  /** The message's sequence number, when it has one. */
  messageSeq: number | null;
  /** The command a message belongs to (a command and its acknowledgement), when it has one. */
  correlationId: string | null;
  /** When the gateway says it happened; null when the message does not say. */
  deviceTime: string | null;
  /** When the platform heard or sent it. */
  recordTime: string;
  /** Bytes as on the wire. */
  size: number;
  /** The message as text (bytes that are not UTF-8 shown as hex by the server), cut at 8 KiB. */
  payload: string;
  /** The payload was cut at 8 KiB. */
  truncated: boolean;
}

export interface CommunicationQuery {
  pageNum: number;
  pageSize: number;
  gatewayId?: number;
  direction?: CommunicationDirection;
  channel?: CommunicationChannel;
  outcome?: CommunicationOutcome;
  /**
   * Whole days (YYYY-MM-DD), both included, of one calendar month (the server refuses a range
   * across months); the current month when absent.
   */
  'params[beginTime]'?: string;
  'params[endTime]'?: string;
}
