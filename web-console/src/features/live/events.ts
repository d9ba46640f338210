/** Events of GET /live/stream (contract: Live push). */

/** What happened to the alarm; "processed": a confirmed work order processed it. */
export type AlarmEventKind = 'raised' | 'recovered' | 'closed' | 'processing' | 'processed';

export interface AlarmEvent {
  kind: AlarmEventKind;
  alarmId: number;
  alarmName: string;
  alarmLevel: string;
  status: string;
  deviceName: string;
  contentZh: string;
  contentEn: string;
  alarmTime: string;
  endTime: string | null;
}

export interface GatewayEvent {
  gatewayId: number;
  gatewayNumber: string;
  onlineStatus: '0' | '1';
  time: string;
}

export type WorkOrderEventKind = 'overdue';

/** An open work order passed its due time (sent once per order, to holders of operation:workOrder:list). */
export interface WorkOrderOverdueEvent {
  kind: WorkOrderEventKind;
  workOrderId: number;
  orderNumber: string;
  /** Dictionary work_order_status. */
  status: string;
  /** The order's handler, or null when it has none. */
  handlerId: number | null;
  dueTime: string;
}

export type LiveEvent =
  | { type: 'alarm'; data: AlarmEvent }
  | { type: 'gateway'; data: GatewayEvent }
  | { type: 'workOrder'; data: WorkOrderOverdueEvent }
  | { type: 'ping' }
  /** The server dropped events for this connection: what they would have changed must be read again. */
  | { type: 'resync' };

const ALARM_KINDS: readonly string[] = ['raised', 'recovered', 'closed', 'processing', 'processed'];
const WORK_ORDER_KINDS: readonly string[] = ['overdue'];

function record(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const str = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** An id as sent (a number, or its digits), else null. */
function idOf(value: unknown): number | null {
  if (typeof value !== 'number' && (typeof value !== 'string' || value.trim() === '')) return null;
  const id = Number(value);
  return Number.isFinite(id) ? id : null;
}

/** One server-sent message as an event; undefined for anything the console does not know. */
export function parseLiveMessage(event: string, data: string): LiveEvent | undefined {
  if (event === 'ping') return { type: 'ping' };
  if (event === 'resync') return { type: 'resync' };
  const body = record(data);
  if (!body) return undefined;
  if (event === 'alarm') {
    const alarmId = Number(body.alarmId);
    if (!ALARM_KINDS.includes(str(body.kind)) || !Number.isFinite(alarmId)) return undefined;
    return {
      type: 'alarm',
      data: {
        kind: str(body.kind) as AlarmEventKind,
        alarmId,
        alarmName: str(body.alarmName),
        alarmLevel: str(body.alarmLevel),
        status: str(body.status),
        deviceName: str(body.deviceName),
        contentZh: str(body.contentZh),
        contentEn: str(body.contentEn),
        alarmTime: str(body.alarmTime),
        endTime: body.endTime === null || body.endTime === undefined ? null : str(body.endTime),
      },
    };
  }
  if (event === 'gateway') {
    const gatewayId = Number(body.gatewayId);
    const onlineStatus = str(body.onlineStatus);
    if (!Number.isFinite(gatewayId) || (onlineStatus !== '0' && onlineStatus !== '1')) return undefined;
    return {
      type: 'gateway',
      data: { gatewayId, gatewayNumber: str(body.gatewayNumber), onlineStatus, time: str(body.time) },
    };
  }
  if (event === 'workOrder') {
    const workOrderId = idOf(body.workOrderId);
    if (!WORK_ORDER_KINDS.includes(str(body.kind)) || workOrderId === null) return undefined;
    return {
      type: 'workOrder',
      data: {
        kind: str(body.kind) as WorkOrderEventKind,
        workOrderId,
        orderNumber: str(body.orderNumber),
        status: str(body.status),
        handlerId: idOf(body.handlerId),
        dueTime: str(body.dueTime),
      },
    };
  }
  return undefined;
}
