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
  lastSeenTime: string | null;
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
