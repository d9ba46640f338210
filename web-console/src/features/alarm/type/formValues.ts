import type { AlarmType, AlarmTypeChange, Comparison, DeviceType } from '../types';

/** The alarm type form's fields (switches as booleans). */
export interface AlarmTypeFormValues {
  alarmName: string;
  deviceType?: DeviceType;
  alarmLevel?: string;
  contentZh: string;
  contentEn: string;
  triggerAttribute?: string;
  triggerComparison?: Comparison;
  triggerValue?: string;
  triggerDuration?: number;
  recoveryAttribute?: string;
  recoveryComparison?: Comparison;
  recoveryValue?: string;
  recoveryDuration?: number;
  autoProcessing: boolean;
  autoWorkOrder: boolean;
  enabled: boolean;
}

export const DEFAULTS: Partial<AlarmTypeFormValues> = {
  triggerDuration: 0,
  recoveryDuration: 0,
  autoProcessing: false,
  autoWorkOrder: false,
  enabled: true,
};

export function toValues(type: AlarmType): AlarmTypeFormValues {
  return {
    alarmName: type.alarmName,
    deviceType: type.deviceType,
    alarmLevel: type.alarmLevel,
    contentZh: type.contentZh,
    contentEn: type.contentEn,
    triggerAttribute: type.triggerAttribute,
    triggerComparison: type.triggerComparison,
    triggerValue: type.triggerValue,
    triggerDuration: type.triggerDuration,
    recoveryAttribute: type.recoveryAttribute || undefined,
    recoveryComparison: type.recoveryComparison || undefined,
    recoveryValue: type.recoveryValue || undefined,
    recoveryDuration: type.recoveryDuration,
    autoProcessing: type.autoProcessing === '1',
    autoWorkOrder: type.autoWorkOrder === '1',
    enabled: type.status === '0',
  };
}

/** The form's values as the server takes them. */
export function toChange(values: AlarmTypeFormValues): AlarmTypeChange {
  return {
    alarmName: values.alarmName.trim(),
    deviceType: values.deviceType ?? 'loop',
    alarmLevel: values.alarmLevel ?? '',
    contentZh: values.contentZh.trim(),
    contentEn: values.contentEn.trim(),
    triggerAttribute: values.triggerAttribute ?? '',
    triggerComparison: values.triggerComparison ?? '>',
    triggerValue: (values.triggerValue ?? '').trim(),
    triggerDuration: values.triggerDuration ?? 0,
    recoveryAttribute: values.recoveryAttribute ?? '',
    recoveryComparison: values.recoveryComparison ?? '',
    recoveryValue: (values.recoveryValue ?? '').trim(),
    recoveryDuration: values.recoveryDuration ?? 0,
    autoProcessing: values.autoProcessing ? '1' : '0',
    autoWorkOrder: values.autoWorkOrder ? '1' : '0',
    status: values.enabled ? '0' : '1',
  };
}
