/** The lighting screens' wire shapes (contract: Lighting). */

/** "1" online, "0" offline. */
export type OnlineStatus = '0' | '1';

export interface Gateway {
  gatewayId: number;
  gatewayName: string;
  gatewayNumber: string;
  /** Dictionary lighting_communication_type: "1" 4G, "2" Ethernet, "3" NB-IoT, "4" LoRa. */
  communicationType: string;
  loopCount: number;
  onlineStatus: OnlineStatus;
  /** dBm. */
  signal: number | null;
  /** °C. */
  temperature: number | null;
  firmwareVersion: string;
  /** The gateway's model, as the firmware library names it (upgrades go to one type at a time); may be ''. */
  gatewayType: string;
  /** May be ''. */
  brand: string;
  lastSeenTime: string | null;
  /** Seconds between heartbeats (10 to 30), as the gateway last acknowledged; null until it has. */
  heartbeatInterval: number | null;
  /** Seconds between telemetry reports (10 to 3600), as the gateway last acknowledged; null until it has. */
  telemetryInterval: number | null;
  /** YYYY-MM-DD HH:mm:ss: when the gateway last acknowledged its parameters; null if never. */
  paramsTime: string | null;
  remark: string;
  createTime: string;
}

/** The latest reading of one loop. */
export interface LoopReading {
  loopIndex: number;
  loopName: string;
  on: boolean | null;
  voltage: number | null;
  current: number | null;
  activePower: number | null;
  energy: number | null;
  updateTime: string | null;
}

export interface GatewayDetail extends Gateway {
  loops: LoopReading[];
}

export interface GatewayQuery {
  pageNum: number;
  pageSize: number;
  gatewayName?: string;
  gatewayNumber?: string;
  onlineStatus?: string;
}

export interface LoopNameChange {
  loopIndex: number;
  loopName: string;
}

/** POST/PUT /lighting/gateway body. */
export interface GatewayChange {
  gatewayId?: number;
  gatewayName: string;
  gatewayNumber: string;
  communicationType: string;
  loopCount: number;
  loops?: LoopNameChange[];
  /** At most 50 characters each. */
  gatewayType?: string;
  brand?: string;
  remark?: string;
}

/**
 * A gateway's own NATS credential, shown once: the server keeps only its public key. Over
 * MQTT the `jwt` is the password (any user name; by convention the serial, gatewayNumber).
 */
export interface GatewayCredential {
  /** The NATS user's public key. */
  publicKey: string;
  /** The bearer JWT: the MQTT password. */
  jwt: string;
  /** The text of a NATS `.creds` file. */
  creds: string;
}

/** POST /lighting/gateway answer: the new gateway's id and its credential. */
export interface GatewayAdded {
  gatewayId: number;
  credential: GatewayCredential | null;
}

/**
 * POST /lighting/gateway/params body: parameters sent to gateways of one brand. An interval left
 * out stays as it is; at least one is given.
 */
export interface GatewayParamsChange {
  gatewayIds: number[];
  /** Seconds, a whole number 10 to 30. */
  heartbeatInterval?: number;
  /** Seconds, a whole number 10 to 3600. */
  telemetryInterval?: number;
}

/**
 * POST /lighting/control/loop body: switch one loop on or off. Under a schedule the switch
 * holds until the schedule's next step, or for `holdMinutes` (1 to 1440) when that comes first.
 */
export interface LoopSwitch {
  gatewayId: number;
  loopIndex: number;
  on: boolean;
  holdMinutes?: number;
  /** Switching on only: the brightness, a whole number 1 to 100; none is full brightness (lib/brightness.ts). */
  brightness?: number;
}

/** The gateway's acknowledgement of a command or a read. */
export interface ControlAck {
  correlationId: string;
  elapsedMs: number;
  loops: LoopReading[];
}

/** How one gateway took a command sent to many (one-key control, issuing tasks). */
/** How a gateway took a command; `queued` (an issue only): it waits in the plan's queue for the gateway. */
export type GatewayOutcome = 'ok' | 'offline' | 'timeout' | 'error' | 'queued';

export interface GatewayResult {
  gatewayId: number;
  gatewayName: string;
  gatewayNumber: string;
  result: GatewayOutcome;
  message: string;
}

/** The answer to a command sent to many gateways: the counts, and one result per gateway. */
export interface GatewayResults {
  total: number;
  succeeded: number;
  failed: number;
  results: GatewayResult[];
}

export interface OneKeyAnswer extends GatewayResults {
  recordId: number;
}

export interface OneKeyRecord {
  recordId: number;
  action: 'on' | 'off';
  userName: string;
  total: number;
  succeeded: number;
  failed: number;
  createTime: string;
}

export interface PowerPoint {
  time: string;
  activePower: number | null;
  voltage: number | null;
  current: number | null;
}

export interface PowerSeries {
  loopIndex: number;
  points: PowerPoint[];
}

export interface OnlineEvent {
  onlineStatus: OnlineStatus;
  /** 'heartbeat', 'telemetry', 'event' or 'silence'. */
  reason: string;
  time: string;
}

/** "1" on, "0" off. */
export type SwitchState = '0' | '1';

/** "1" default, "3" custom ("2" combined belongs to the combined scenes screen). */
export type SceneType = '1' | '3';

/** A power scene as the list shows it (contract: GET /lighting/scene/list). */
export interface Scene {
  sceneId: number;
  sceneName: string;
  sceneType: string;
  remark: string;
  loopCount: number;
  createBy: string;
  createTime: string;
  updateTime: string | null;
}

/** One loop a scene sets. */
export interface SceneLoop {
  gatewayId: number;
  gatewayName: string;
  gatewayNumber: string;
  loopIndex: number;
  loopName: string;
  switchState: SwitchState;
  /** 1 to 100 when on, null when off. */
  brightness: number | null;
}

export interface SceneDetail extends Scene {
  loops: SceneLoop[];
}

export interface SceneQuery {
  pageNum: number;
  pageSize: number;
  sceneName?: string;
  sceneType?: string;
}

/** One loop of POST/PUT /lighting/scene. */
export interface SceneLoopChange {
  gatewayId: number;
  loopIndex: number;
  switchState: SwitchState;
  /** 1 to 100 when on, null when off. */
  brightness: number | null;
}

/** POST/PUT /lighting/scene body. */
export interface SceneChange {
  sceneId?: number;
  sceneName: string;
  sceneType: string;
  remark: string;
  loops: SceneLoopChange[];
}

/** How a combined scene's members apply: "0" synchronous (all at once), "1" sequential (one after another). */
export type ExecutionMode = '0' | '1';

/** Whether a sequence runs "0" once (single: its last member then holds) or "1" over and over (cycle). */
export type RepeatMode = '0' | '1';

/** A combined scene as the list shows it (contract: GET /lighting/combinedScene/list). */
export interface CombinedScene {
  sceneId: number;
  sceneName: string;
  executionMode: string;
  repeatMode: string;
  memberCount: number;
  /** The sum of the members' minutes; 0 when synchronous. */
  totalMinutes: number;
  /** The members' names, in order. */
  memberNames: string[];
  remark: string;
  createBy: string;
  createTime: string;
  updateTime: string | null;
}

/** One member of a combined scene: a power scene and its minutes in a sequence (0 when synchronous). */
export interface CombinedSceneMember {
  sceneId: number;
  sceneName: string;
  minutes: number;
}

export interface CombinedSceneDetail extends CombinedScene {
  /** In order. */
  members: CombinedSceneMember[];
}

export interface CombinedSceneQuery {
  pageNum: number;
  pageSize: number;
  sceneName?: string;
}

/** POST/PUT /lighting/combinedScene body. */
export interface CombinedSceneChange {
  sceneId?: number;
  sceneName: string;
  executionMode: ExecutionMode;
  repeatMode: RepeatMode;
  remark: string;
  members: { sceneId: number; minutes: number }[];
}

/** A task's start or end: "0" a clock time, "1" sunrise, "2" sunset. */
export type DayTimeType = '0' | '1' | '2';

/** "0" not issued, "1" being issued, "2" unsuccessful, "3" succeeded. */
export type IssueState = '0' | '1' | '2' | '3';

/** A task (contract: GET /lighting/task/list); the scheduler's rules are in docs/scheduler.md. */
export interface Task {
  taskId: number;
  taskName: string;
  /** 0 to 255, larger is higher. */
  priority: number;
  /** YYYY-MM-DD, null: open. */
  dateFrom: string | null;
  dateTo: string | null;
  /** '1,2,...,7', 1 Monday to 7 Sunday. */
  weekdays: string;
  startType: string;
  /** HH:mm, clock only. */
  startTime: string | null;
  /** Minutes, -180 to 180, sun only. */
  startOffset: number | null;
  endType: string;
  endTime: string | null;
  endOffset: number | null;
  enabled: string;
  issueState: string;
  sceneIds: number[];
  sceneNames: string[];
  gatewayIds: number[];
  gatewayNames: string[];
  remark: string;
  createBy: string;
  createTime: string;
  updateTime: string | null;
}

/** POST /lighting/task/issue answer: one result per gateway the tasks address, in gateway order. */
/** An issue's answer: `queued` gateways get their schedule when they are back (docs/scheduler.md). */
export interface TaskIssueAnswer extends GatewayResults {
  queued?: number;
}

/** The schedule a gateway was last issued (contract: GET /lighting/task/gatewaySchedules). */
export interface GatewaySchedule {
  gatewayId: number;
  gatewayName: string;
  gatewayNumber: string;
  /** An IssueState; "0": never issued. */
  issueState: string;
  /** '' until a schedule is issued. */
  scheduleId: string;
  /** YYYY-MM-DD HH:mm:ss; null until a schedule is issued. */
  validFrom: string | null;
  validUntil: string | null;
  loopCount: number;
  stepCount: number;
  /** Why it failed. */
  message: string;
  issuedBy: string;
  requestTime: string | null;
  finishTime: string | null;
}

export interface TaskQuery {
  pageNum: number;
  pageSize: number;
  taskName?: string;
  enabled?: string;
}

/** POST/PUT /lighting/task body. */
export interface TaskChange {
  taskId?: number;
  taskName: string;
  priority: number;
  dateFrom: string | null;
  dateTo: string | null;
  weekdays: string;
  startType: DayTimeType;
  startTime: string | null;
  startOffset: number | null;
  endType: DayTimeType;
  endTime: string | null;
  endOffset: number | null;
  sceneIds: number[];
  gatewayIds: number[];
  remark: string;
}

/** Where the project's sunrise and sunset are computed, and its IANA time zone. */
export interface Site {
  latitude: number;
  longitude: number;
  timeZone: string;
}

/** Why a loop does what it does over a segment of the plan. */
export type PlanCause = 'idle' | 'task' | 'override' | 'minimumBurn';

export interface PlanSegment {
  /** YYYY-MM-DD HH:mm:ss in the site's time zone: for labels (a wall time can happen twice). */
  from: string;
  to: string;
  /** The exact instants of `from` and `to`, Unix milliseconds: where the segment is drawn. */
  fromMs: number;
  toMs: number;
  switchState: SwitchState;
  brightness: number | null;
  /** A PlanCause; another string is shown as it is. */
  cause: string;
  taskId: number | null;
  taskName: string | null;
  sceneId: number | null;
  sceneName: string | null;
  priority: number | null;
  /** The end of a minimum burn. */
  until: string | null;
}

/** The loop's latest reading. */
export interface LoopActual {
  switchState: SwitchState | null;
  brightness: number | null;
  sampleTime: string | null;
}

export interface PlanLoop {
  loopIndex: number;
  loopName: string;
  actual: LoopActual | null;
  segments: PlanSegment[];
}

export interface PlanGateway {
  gatewayId: number;
  gatewayName: string;
  gatewayNumber: string;
  /** Online: a boolean, or "1"/"0" as the gateway list has it. */
  online: boolean | string | null;
  loops: PlanLoop[];
}

/** Tonight's plan (contract: GET /lighting/plan/tonight): 12:00 on `date` to 12:00 the next day. */
export interface NightPlan {
  date: string;
  /** YYYY-MM-DD HH:mm:ss in the site's time zone. */
  from: string;
  to: string;
  /** The exact instants of `from` and `to`, Unix milliseconds. */
  fromMs: number;
  toMs: number;
  timeZone: string;
  /** YYYY-MM-DD HH:mm:ss in the site's time zone; null in a polar day or night. */
  sunset: string | null;
  sunrise: string | null;
  gateways: PlanGateway[];
}

export interface NightPlanQuery {
  /** YYYY-MM-DD; the site's today when absent. */
  date?: string;
  gatewayId?: number;
}

// Energy statistics (contract: GET /lighting/energy/*).

/** The buckets of the statistics: hours, days, months or years, local to the project's time zone. */
export type EnergyGranularity = 'hour' | 'day' | 'month' | 'year';

/** What the savings are measured against: the same loops on all night at their highest drawn power, or the same period last year. */
export type EnergyBaseline = 'fullNight' | 'lastYear';

/** The kWh and money of a bucket or of the whole period. */
export interface EnergyFigures {
  kwh: number;
  peakKwh: number;
  flatKwh: number;
  valleyKwh: number;
  /** Yuan. */
  cost: number;
  baselineKwh: number;
  savingKwh: number;
  savingCost: number;
  /** A bitmask of ENERGY_FLAGS: what the server noticed in the readings. */
  flags: number;
}

/** One bucket: `time` is 'YYYY-MM-DD HH:00', 'YYYY-MM-DD', 'YYYY-MM' or 'YYYY' by the granularity. */
export interface EnergyRow extends EnergyFigures {
  time: string;
}

/** GET /lighting/energy/stats. */
export interface EnergyStats {
  timeZone: string;
  baseline: EnergyBaseline;
  baselineNote: string;
  rows: EnergyRow[];
  total: EnergyFigures;
}

/** What is counted: the whole project, one gateway, one loop of a gateway, or one device group. */
export interface EnergyScope {
  gatewayId?: number;
  /** Only with `gatewayId`: 1 to 64. */
  loopIndex?: number;
  groupId?: number;
}

/** GET /lighting/energy/stats parameters: local dates, inclusive (for months and years, those containing them). */
export interface EnergyStatsQuery extends EnergyScope {
  granularity: EnergyGranularity;
  beginTime: string;
  endTime: string;
}

/** GET /lighting/energy/ranking parameters. */
export interface EnergyRankingQuery {
  beginTime: string;
  endTime: string;
  /** 1 to 50 (10 when absent). */
  limit?: number;
  groupId?: number;
}

/** A loop of the ranking, the largest first. */
export interface EnergyRankingRow {
  gatewayId: number;
  gatewayName: string;
  gatewayNumber: string;
  loopIndex: number;
  loopName: string;
  kwh: number;
  cost: number;
}

/** PUT /lighting/energy/setting body. */
export interface EnergySettingChange {
  /** Yuan per kWh, 0 to 100, at most 4 decimals. */
  peakPrice: number;
  flatPrice: number;
  valleyPrice: number;
  /** 24 characters, 'P' peak, 'F' flat, 'V' valley; the first is 00:00-01:00 local. */
  hourBands: string;
  baseline: EnergyBaseline;
  /** At most 500 characters. */
  baselineNote: string;
}

/** GET /lighting/energy/setting. */
export interface EnergySetting extends EnergySettingChange {
  timeZone: string;
  updateBy: string;
  updateTime: string | null;
}

/** GET /lighting/energy/summary: the home page's and the big screen's figures. */
export interface EnergySummary {
  todayKwh: number;
  monthKwh: number;
  monthCost: number;
  monthSavingKwh: number;
  lastMonthKwh: number;
  /** The last 7 local days, oldest first. */
  days: { date: string; kwh: number }[];
}

// Gateway firmware and its upgrades (contract: /lighting/version, /lighting/upgrade).

/** A firmware of the library (GET /lighting/version/list): version, type, file and checksum fixed once uploaded. */
export interface Firmware {
  firmwareId: number;
  version: string;
  gatewayType: string;
  fileName: string;
  /** Bytes. */
  size: number;
  /** 64 hex digits. */
  sha256: string;
  notes: string;
  createBy: string;
  /** YYYY-MM-DD HH:mm:ss. */
  createTime: string;
}

export interface FirmwareQuery {
  pageNum: number;
  pageSize: number;
  version?: string;
  gatewayType?: string;
}

/** POST /lighting/version: sent as multipart/form-data, the .bin as `file`. */
export interface FirmwareUpload {
  file: File;
  version: string;
  gatewayType: string;
  notes: string;
}

/** PUT /lighting/version body: only the notes change. */
export interface FirmwareChange {
  firmwareId: number;
  notes: string;
}

/** Dictionary lighting_upgrade_state: "0" not upgraded, "1" upgrading, "2" success, "3" failed. */
export type UpgradeState = '0' | '1' | '2' | '3';

/** Dictionary lighting_campaign_state. */
export type CampaignState = 'running' | 'paused' | 'stopped' | 'cancelled' | 'finished';

/** A gateway as the upgrade screen lists it (GET /lighting/upgrade/gateways). */
export interface UpgradeGateway {
  gatewayId: number;
  gatewayName: string;
  gatewayNumber: string;
  gatewayType: string;
  brand: string;
  /** The firmware it runs; may be ''. */
  version: string;
  online: string;
  /** An UpgradeState. */
  upgradeState: string;
  targetVersion: string | null;
  /** 0 to 100. */
  progress: number;
  upgradeTime: string | null;
}

export interface UpgradeGatewayQuery {
  pageNum: number;
  pageSize: number;
  gatewayName?: string;
  gatewayType?: string;
  upgradeState?: string;
}

/** An upgrade campaign (GET /lighting/upgrade/list): one firmware sent to a set of gateways of its type. */
export interface Campaign {
  campaignId: number;
  firmwareId: number;
  version: string;
  gatewayType: string;
  /** A CampaignState. */
  state: string;
  concurrency: number;
  /** Percent of the targets failed beyond which it stops by itself. */
  failureThreshold: number;
  total: number;
  notUpgraded: number;
  upgrading: number;
  success: number;
  failed: number;
  /** 0 to 100: the share of its targets finished. */
  progress: number;
  stopReason: string | null;
  createBy: string;
  createTime: string;
  finishTime: string | null;
}

export interface CampaignQuery {
  pageNum: number;
  pageSize: number;
  state?: string;
}

/** Where an upgrade happens in a campaign's transfer of one gateway. */
export type TargetPhase = 'waiting' | 'transfer' | 'commit' | 'confirm' | 'done';

/** One gateway of a campaign (GET /lighting/upgrade/{campaignId}/targets). */
export interface CampaignTarget {
  gatewayId: number;
  gatewayName: string;
  gatewayNumber: string;
  fromVersion: string;
  /** An UpgradeState. */
  upgradeState: string;
  /** 0 to 100: the share of the chunks acknowledged. */
  progress: number;
  chunksSent: number;
  chunkCount: number;
  /** A TargetPhase. */
  phase: string;
  attempts: number;
  error: string | null;
  startTime: string | null;
  finishTime: string | null;
}

export interface CampaignTargetQuery {
  pageNum: number;
  pageSize: number;
  campaignId: number;
  upgradeState?: string;
}

/** Which gateways a campaign upgrades: the whole project, a device group, or the listed ones. */
export type CampaignScope = 'project' | 'group' | 'list';

/** POST /lighting/upgrade body. */
export interface CampaignChange {
  firmwareId: number;
  scope: CampaignScope;
  /** With scope 'group' only. */
  groupId?: number;
  /** With scope 'list' only. */
  gatewayIds?: number[];
  /** 1 to 200 gateways upgraded at once. */
  concurrency: number;
  /** 1 to 100 percent. */
  failureThreshold: number;
}

/** POST /lighting/upgrade answer. */
export interface CampaignCreated {
  campaignId: number;
  total: number;
}
