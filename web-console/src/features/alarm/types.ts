/** The alarm screens' wire shapes (contract: Alarms). */

export type DeviceType = 'gateway' | 'loop';
export type Comparison = '>' | '>=' | '<' | '<=';
/** "0" not processed, "1" processing, "2" processed, "3" closed, "4" restored. */
export type AlarmStatus = '0' | '1' | '2' | '3' | '4';

export interface AlarmType {
  alarmTypeId: number;
  alarmName: string;
  deviceType: DeviceType;
  /** Dictionary alarm_level: "1" serious, "2" main, "3" secondary. */
  alarmLevel: string;
  contentZh: string;
  contentEn: string;
  triggerAttribute: string;
  triggerComparison: Comparison;
  triggerValue: string;
  triggerDuration: number;
  recoveryAttribute: string;
  recoveryComparison: Comparison | '';
  recoveryValue: string;
  recoveryDuration: number;
  autoProcessing: '0' | '1';
  autoWorkOrder: '0' | '1';
  /** "0" enabled, "1" disabled. */
  status: '0' | '1';
  createTime: string;
}

/** POST/PUT /alarm/type body. */
export type AlarmTypeChange = Omit<AlarmType, 'alarmTypeId' | 'createTime'> & { alarmTypeId?: number };

export interface AlarmTypeQuery {
  pageNum: number;
  pageSize: number;
  alarmName?: string;
  deviceType?: string;
  alarmLevel?: string;
}

export interface Alarm {
  alarmId: number;
  alarmTypeId: number;
  alarmName: string;
  alarmLevel: string;
  status: AlarmStatus;
  deviceName: string;
  gatewayNumber: string;
  /** 0 = the gateway itself. */
  loopIndex: number;
  content: string;
  value: string | number | null;
  alarmTime: string;
  endTime: string | null;
  closeReason: string | null;
  recovered: boolean;
}

export interface AlarmDetail extends Alarm {
  detail: string;
  contentZh: string;
  contentEn: string;
}

export interface AlarmQuery {
  pageNum: number;
  pageSize: number;
  alarmTypeId?: number;
  alarmLevel?: string;
  status?: string;
  deviceName?: string;
  beginTime?: string;
  endTime?: string;
}
