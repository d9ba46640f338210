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

/** The gateway's acknowledgement of a command or a read. */
export interface ControlAck {
  correlationId: string;
  elapsedMs: number;
  loops: LoopReading[];
}

export type OneKeyOutcome = 'ok' | 'offline' | 'timeout' | 'error';

export interface OneKeyGatewayResult {
  gatewayId: number;
  gatewayName: string;
  gatewayNumber: string;
  result: OneKeyOutcome;
  message: string;
}

export interface OneKeyAnswer {
  recordId: number;
  total: number;
  succeeded: number;
  failed: number;
  results: OneKeyGatewayResult[];
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
