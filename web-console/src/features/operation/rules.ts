import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { WorkOrderAction, WorkOrderStatus } from './types';

/** The server's limits on a work order and its actions (the maintenance service checks them again). */
export const DESCRIPTION_MAX = 1000;
export const ADDRESS_MAX = 200;
export const ATTACHMENTS_MAX = 9;
export const NOTE_MAX = 500;
export const EVALUATION_MAX = 500;
export const CLOSE_REASON_MAX = 200;
export const HANDLER_NAME_MAX = 64;
export const SCORE_MIN = 1;
export const SCORE_MAX = 5;

/** Work order types: an alarm's order names its alarm; hand-made ones are "reported" by default. */
export const TYPE_ALARM = '1';
export const TYPE_REPORTED = '2';
/** Urgency of a new order unless chosen: normal. */
export const URGENCY_NORMAL = '3';

/**
 * The urgency of an alarm's order, as the server's auto work order sets it: a serious alarm
 * (level "1") is urgent, a main one ("2") high, any other normal.
 */
export function urgencyOfAlarmLevel(level: string): string {
  if (level === '1') return '1';
  if (level === '2') return '2';
  return URGENCY_NORMAL;
}

/** The first `max` characters of `text` (characters as the server counts them). */
export function clip(text: string, max: number): string {
  const characters = [...text];
  return characters.length <= max ? text : characters.slice(0, max).join('');
}

export const WORK_ORDER_STATUSES: readonly WorkOrderStatus[] = ['0', '1', '2', '3', '4'];
/** Unassigned, in progress, pending confirmation: the statuses that still take actions. */
export const OPEN_STATUSES: readonly WorkOrderStatus[] = ['0', '1', '2'];

/**
 * The state machine (the server's `next`): the statuses each action starts from.
 * Dispatch: unassigned; assign, complete: in progress; return: in progress (back to
 * unassigned) or pending confirmation (back to the handler); confirm: pending confirmation;
 * close: any open status.
 */
const FROM: Readonly<Record<WorkOrderAction, readonly WorkOrderStatus[]>> = {
  dispatch: ['0'],
  assign: ['1'],
  complete: ['1'],
  return: ['1', '2'],
  confirm: ['2'],
  close: OPEN_STATUSES,
};

/** Whether an order in `status` takes `action`. */
export function allows(status: string, action: WorkOrderAction): boolean {
  return (FROM[action] as readonly string[]).includes(status);
}

/** A text of `min` to `max` characters once trimmed (characters as the server counts them). */
export function isLengthBetween(value: unknown, min: number, max: number): boolean {
  const length = typeof value === 'string' ? [...value.trim()].length : 0;
  return length >= min && length <= max;
}

/** At most `max` characters once trimmed; nothing at all is fine. */
export function isAtMost(value: unknown, max: number): boolean {
  return value === undefined || value === null || isLengthBetween(value, 0, max);
}

/** A score: a whole number from 1 to 5 (an untouched Rate is 0 or nothing). */
export function isScore(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= SCORE_MIN && value <= SCORE_MAX;
}

/** A user id or an alarm id: a whole number above 0, typed or picked. */
export function isPositiveId(value: unknown): boolean {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0;
  if (typeof value === 'string') return /^\d{1,15}$/.test(value.trim()) && Number(value.trim()) > 0;
  return false;
}

/** An expected completion time: none, or not before `now` (ms); a picked date has valueOf in ms. */
export function isNotPast(value: unknown, now: number = Date.now()): boolean {
  if (value === undefined || value === null || value === '') return true;
  const time = typeof value === 'object' && 'valueOf' in value ? Number(value.valueOf()) : Number.NaN;
  return Number.isFinite(time) && time >= now;
}

/** At most 9 attachments. */
export function isAttachmentCount(value: unknown): boolean {
  return value === undefined || value === null || (Array.isArray(value) && value.length <= ATTACHMENTS_MAX);
}

const rule =
  (ok: (value: unknown) => boolean, message: string): FormRule =>
  () => ({
    validator: (_rule, value: unknown) => (ok(value) ? Promise.resolve() : Promise.reject(new Error(message))),
  });

/** antd rules of the work order's dialogs, messages in the current language. */
export function workOrderRules(t: TFunction) {
  return {
    orderType: [{ required: true, message: t('operation.workOrder.rules.orderType') }],
    questionType: [{ required: true, message: t('operation.workOrder.rules.questionType') }],
    urgency: [{ required: true, message: t('operation.workOrder.rules.urgency') }],
    alarmId: [rule(isPositiveId, t('operation.workOrder.rules.alarmId'))],
    expectedTime: [rule((value) => isNotPast(value), t('operation.workOrder.rules.expectedTime'))],
    address: [rule((value) => isAtMost(value, ADDRESS_MAX), t('operation.workOrder.rules.address', { max: ADDRESS_MAX }))],
    description: [
      { required: true, whitespace: true, message: t('operation.workOrder.rules.descriptionRequired') },
      rule((value) => isAtMost(value, DESCRIPTION_MAX), t('operation.workOrder.rules.description', { max: DESCRIPTION_MAX })),
    ],
    attachments: [rule(isAttachmentCount, t('operation.workOrder.rules.attachments', { max: ATTACHMENTS_MAX }))],
    handler: [{ required: true, message: t('operation.workOrder.rules.handler') }],
    handlerId: [rule(isPositiveId, t('operation.workOrder.rules.handlerId'))],
    handlerName: [
      rule((value) => isLengthBetween(value, 1, HANDLER_NAME_MAX), t('operation.workOrder.rules.handlerName', { max: HANDLER_NAME_MAX })),
    ],
    note: [
      { required: true, whitespace: true, message: t('operation.workOrder.rules.noteRequired') },
      rule((value) => isAtMost(value, NOTE_MAX), t('operation.workOrder.rules.note', { max: NOTE_MAX })),
    ],
    score: [rule(isScore, t('operation.workOrder.rules.score', { min: SCORE_MIN, max: SCORE_MAX }))],
    evaluation: [rule((value) => isAtMost(value, EVALUATION_MAX), t('operation.workOrder.rules.evaluation', { max: EVALUATION_MAX }))],
    closeReason: [
      { required: true, whitespace: true, message: t('operation.workOrder.rules.closeReasonRequired') },
      rule((value) => isAtMost(value, CLOSE_REASON_MAX), t('operation.workOrder.rules.closeReason', { max: CLOSE_REASON_MAX })),
    ],
  } satisfies Record<string, FormRule[]>;
}
