import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { Comparison, DeviceType } from './types';

/** Alarm type rules of the spec (section 5) and the contract; the server checks them again. */
export const ALARM_NAME_MAX = 50;
export const ALARM_CONTENT_MAX = 200;
export const DURATION_MAX = 86_400;
export const COMPARISONS: readonly Comparison[] = ['>', '>=', '<', '<='];
export const DEVICE_TYPES: readonly DeviceType[] = ['gateway', 'loop'];

/** The attributes a device type reports, with their units. */
export const ATTRIBUTES: Readonly<Record<DeviceType, readonly { attribute: string; unit: string }[]>> = {
  loop: [
    { attribute: 'voltage', unit: 'V' },
    { attribute: 'current', unit: 'A' },
    { attribute: 'active_power', unit: 'W' },
    // judged by the plan executor: minutes a loop has differed from its issued schedule
    { attribute: 'loop_mismatch', unit: 'min' },
  ],
  gateway: [
    { attribute: 'temperature', unit: '°C' },
    { attribute: 'signal', unit: 'dBm' },
  ],
};

export function attributesOf(deviceType: string | undefined): readonly { attribute: string; unit: string }[] {
  return deviceType === 'gateway' || deviceType === 'loop' ? ATTRIBUTES[deviceType] : [];
}

export function fitsDeviceType(deviceType: string | undefined, attribute: string | undefined): boolean {
  return attributesOf(deviceType).some((candidate) => candidate.attribute === attribute);
}

/** At most 9 digits before the point (the server stores NUMERIC(12, 3)) and 1 to 3 after. */
const RECOVERY_PATTERN = /^\d{1,9}\.\d{1,3}$/;
/** At most 9 digits before the point, at most 3 after, a leading minus allowed. */
const TRIGGER_PATTERN = /^-?\d{1,9}(\.\d{1,3})?$/;

/**
 * Recovery value (spec section 5: positive number, 1 to 3 decimals), as the server reads it:
 * digits, a point and one to three decimals, greater than zero ("0.5", "12.125", "205.0";
 * not "12", "12.1234", "0.0", "-1.5").
 */
export function isRecoveryValue(value: string | undefined): boolean {
  const text = (value ?? '').trim();
  return RECOVERY_PATTERN.test(text) && Number(text) > 0;
}

/** Attributes whose readings can be below zero (°C, dBm). */
export const MAY_BE_NEGATIVE: readonly string[] = ['temperature', 'signal'];

/**
 * Trigger value: a number with at most 3 decimals; below zero only for an attribute whose
 * readings can be (temperature, signal).
 */
export function isTriggerValue(value: string | undefined, attribute?: string): boolean {
  const text = (value ?? '').trim();
  if (!TRIGGER_PATTERN.test(text)) return false;
  return !text.startsWith('-') || (attribute !== undefined && MAY_BE_NEGATIVE.includes(attribute));
}

/** Durations: whole seconds from 0 to 86,400. */
export function isDuration(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= DURATION_MAX;
}

export function isLengthBetween(value: unknown, min: number, max: number): boolean {
  const text = typeof value === 'string' ? value.trim() : '';
  return text.length >= min && text.length <= max;
}

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** The recovery condition is required with auto processing on, or once any part of it is given. */
export function recoveryRequired(values: {
  autoProcessing?: boolean;
  recoveryAttribute?: string;
  recoveryComparison?: string;
  recoveryValue?: string;
}): boolean {
  return (
    values.autoProcessing === true ||
    !blank(values.recoveryAttribute) ||
    !blank(values.recoveryComparison) ||
    !blank(values.recoveryValue)
  );
}

type Check = (value: unknown, getFieldValue: (name: string) => unknown) => string | undefined;

const rule =
  (check: Check): FormRule =>
  ({ getFieldValue }) => ({
    validator: (_rule, value: unknown) => {
      const problem = check(value, getFieldValue as (name: string) => unknown);
      return problem === undefined ? Promise.resolve() : Promise.reject(new Error(problem));
    },
  });

/** antd rules of the alarm type form, messages in the current language. */
export function alarmTypeRules(t: TFunction) {
  const recoveryPart =
    (message: string, extra?: Check): Check =>
    (value, get) => {
      if (blank(value)) {
        const required = recoveryRequired({
          autoProcessing: get('autoProcessing') === true,
          recoveryAttribute: get('recoveryAttribute') as string | undefined,
          recoveryComparison: get('recoveryComparison') as string | undefined,
          recoveryValue: get('recoveryValue') as string | undefined,
        });
        if (!required) return undefined;
        return get('autoProcessing') === true ? t('alarm.type.rules.recoveryRequired') : message;
      }
      return extra?.(value, get);
    };
  return {
    alarmName: [
      rule((value) =>
        isLengthBetween(value, 1, ALARM_NAME_MAX) ? undefined : t('alarm.type.rules.name', { max: ALARM_NAME_MAX }),
      ),
    ],
    deviceType: [{ required: true, message: t('alarm.type.rules.deviceType') }],
    alarmLevel: [{ required: true, message: t('alarm.type.rules.level') }],
    content: [
      rule((value) =>
        isLengthBetween(value, 1, ALARM_CONTENT_MAX) ? undefined : t('alarm.type.rules.content', { max: ALARM_CONTENT_MAX }),
      ),
    ],
    triggerAttribute: [
      rule((value, get) =>
        fitsDeviceType(get('deviceType') as string | undefined, value as string | undefined)
          ? undefined
          : t('alarm.type.rules.attribute'),
      ),
    ],
    triggerComparison: [{ required: true, message: t('alarm.type.rules.comparison') }],
    triggerValue: [
      rule((value, get) =>
        isTriggerValue(value as string | undefined, get('triggerAttribute') as string | undefined)
          ? undefined
          : t('alarm.type.rules.triggerValue'),
      ),
    ],
    duration: [
      rule((value) => (isDuration(value) ? undefined : t('alarm.type.rules.duration', { max: DURATION_MAX }))),
    ],
    recoveryAttribute: [
      rule(
        recoveryPart(t('alarm.type.rules.recoveryPart'), (value, get) =>
          fitsDeviceType(get('deviceType') as string | undefined, value as string) ? undefined : t('alarm.type.rules.attribute'),
        ),
      ),
    ],
    recoveryComparison: [rule(recoveryPart(t('alarm.type.rules.recoveryPart')))],
    recoveryValue: [
      rule(
        recoveryPart(t('alarm.type.rules.recoveryPart'), (value) =>
          isRecoveryValue(value as string) ? undefined : t('alarm.type.rules.recoveryValue'),
        ),
      ),
    ],
  } satisfies Record<string, FormRule[]>;
}
