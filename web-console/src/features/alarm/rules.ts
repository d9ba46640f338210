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
    // device events (see EVENT_ATTRIBUTES): 1 while active, 0 once ended
    { attribute: 'contactor_fault', unit: '' },
  ],
  gateway: [
    { attribute: 'temperature', unit: '°C' },
    { attribute: 'signal', unit: 'dBm' },
    { attribute: 'power_loss', unit: '' },
    { attribute: 'door_open', unit: '' },
  ],
};

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

export function attributesOf(deviceType: string | undefined): readonly { attribute: string; unit: string }[] {
  return deviceType === 'gateway' || deviceType === 'loop' ? ATTRIBUTES[deviceType] : [];
}

export function fitsDeviceType(deviceType: string | undefined, attribute: string | undefined): boolean {
  return attributesOf(deviceType).some((candidate) => candidate.attribute === attribute);
}

/** The unit of a device type's attribute ('' for an event, or an attribute it does not report). */
export function unitOf(deviceType: string | undefined, attribute: string | undefined): string {
  return attributesOf(deviceType).find((candidate) => candidate.attribute === attribute)?.unit ?? '';
}

/**
 * Device events rather than readings: a gateway's power loss and open door, a loop's contactor
 * fault. An event's value is 1 while the event is active and 0 once it has ended.
 */
export const EVENT_ATTRIBUTES: readonly string[] = ['power_loss', 'door_open', 'contactor_fault'];

/** Whether `attribute` is a device event (1 while active, 0 once ended) rather than a reading. */
export function isEventAttribute(attribute: string | undefined): boolean {
  return attribute !== undefined && EVENT_ATTRIBUTES.includes(attribute);
}

/**
 * The conditions filled in when an event is picked as the trigger: active (>= 1), and recovered
 * once the same event has ended (< 1.0; a recovery value has 1 to 3 decimals).
 */
export const EVENT_DEFAULTS: Readonly<{
  triggerComparison: Comparison;
  triggerValue: string;
  recoveryComparison: Comparison;
  recoveryValue: string;
}> = { triggerComparison: '>=', triggerValue: '1', recoveryComparison: '<', recoveryValue: '1.0' };

/** Whether `reading comparison threshold` holds, e.g. holds(1, '>=', 1). */
export function holds(reading: number, comparison: string | undefined, threshold: number): boolean {
  switch (comparison) {
    case '>':
      return reading > threshold;
    case '>=':
      return reading >= threshold;
    case '<':
      return reading < threshold;
    case '<=':
      return reading <= threshold;
    default:
      return false;
  }
}

/** Whether a condition on an event means "active" (holds for 1, not for 0) or "ended" (the reverse). */
function means(comparison: string | undefined, value: string | undefined, active: boolean): boolean {
  const text = (value ?? '').trim();
  const threshold = Number(text);
  return text !== '' && Number.isFinite(threshold) && holds(active ? 1 : 0, comparison, threshold) && !holds(active ? 0 : 1, comparison, threshold);
}

/**
 * The trigger on an event must mean the event is active: it holds for 1 and not for 0
 * ('>=' '1', '>' '0', '>' '0.5'; not '<' '1', '>' '1', '>=' '0'). A reading's trigger passes.
 */
export function isEventTrigger(attribute: string | undefined, comparison: string | undefined, value: string | undefined): boolean {
  return !isEventAttribute(attribute) || means(comparison, value, true);
}

/**
 * The recovery attribute: an event recovers on that same event only, and a reading never
 * recovers on an event. An empty recovery passes (another rule asks for it).
 */
export function recoversOnSameEvent(triggerAttribute: string | undefined, recoveryAttribute: string | undefined): boolean {
  if (blank(recoveryAttribute)) return true;
  return !(isEventAttribute(triggerAttribute) || isEventAttribute(recoveryAttribute)) || recoveryAttribute === triggerAttribute;
}

/**
 * The recovery on an event must mean the event has ended: it holds for 0 and not for 1
 * ('<' '1.0', '<=' '0.5'; not '>=' '0.5', '<' '2.0'). A reading's recovery passes.
 */
export function isEventRecoveryEnded(recoveryAttribute: string | undefined, comparison: string | undefined, value: string | undefined): boolean {
  return !isEventAttribute(recoveryAttribute) || means(comparison, value, false);
}

/**
 * The server's whole rule on an event's recovery: the same event as the trigger, meaning it
 * has ended; a reading's trigger may not recover on an event. No recovery at all passes.
 */
export function isEventRecovery(values: {
  triggerAttribute?: string;
  recoveryAttribute?: string;
  recoveryComparison?: string;
  recoveryValue?: string;
}): boolean {
  if (blank(values.recoveryAttribute)) return true;
  return (
    recoversOnSameEvent(values.triggerAttribute, values.recoveryAttribute) &&
    isEventRecoveryEnded(values.recoveryAttribute, values.recoveryComparison, values.recoveryValue)
  );
}

/**
 * Signal strength is in dBm, below zero, but a recovery value is positive (spec section 5): a
 * signal recovery value is written without its minus sign and counts as that many dBm below
 * zero ('signal >= 85.0' means at least −85 dBm). Its trigger value keeps its sign.
 */
export const SIGNED_BY_MAGNITUDE: readonly string[] = ['signal'];

/** Whether `attribute`'s recovery value is written without its minus sign (signal). */
export function recoveryIsMagnitude(attribute: string | undefined): boolean {
  return attribute !== undefined && SIGNED_BY_MAGNITUDE.includes(attribute);
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

/**
 * antd rules of the alarm type form, messages in the current language. A device event's rules
 * (see isEventTrigger, recoversOnSameEvent, isEventRecoveryEnded) speak on the trigger value,
 * the recovery attribute and the recovery value, with the server's own texts.
 */
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
      rule((value, get) => {
        const attribute = get('triggerAttribute') as string | undefined;
        if (!isTriggerValue(value as string | undefined, attribute)) return t('alarm.type.rules.triggerValue');
        const comparison = get('triggerComparison') as string | undefined;
        // a missing comparison is its own field's problem
        return blank(comparison) || isEventTrigger(attribute, comparison, value as string) ? undefined : t('alarm.type.rules.eventTrigger');
      }),
    ],
    duration: [
      rule((value) => (isDuration(value) ? undefined : t('alarm.type.rules.duration', { max: DURATION_MAX }))),
    ],
    recoveryAttribute: [
      rule(
        recoveryPart(t('alarm.type.rules.recoveryPart'), (value, get) => {
          if (!fitsDeviceType(get('deviceType') as string | undefined, value as string)) return t('alarm.type.rules.attribute');
          return recoversOnSameEvent(get('triggerAttribute') as string | undefined, value as string)
            ? undefined
            : t('alarm.type.rules.eventRecovery');
        }),
      ),
    ],
    recoveryComparison: [rule(recoveryPart(t('alarm.type.rules.recoveryPart')))],
    recoveryValue: [
      rule(
        recoveryPart(t('alarm.type.rules.recoveryPart'), (value, get) => {
          if (!isRecoveryValue(value as string)) return t('alarm.type.rules.recoveryValue');
          const comparison = get('recoveryComparison') as string | undefined;
          // a missing comparison is its own field's problem
          return blank(comparison) || isEventRecoveryEnded(get('recoveryAttribute') as string | undefined, comparison, value as string)
            ? undefined
            : t('alarm.type.rules.eventRecovery');
        }),
      ),
    ],
  } satisfies Record<string, FormRule[]>;
}
