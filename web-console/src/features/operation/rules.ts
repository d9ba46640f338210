import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { CODE_PATTERN, isValidPhone } from '../../lib/validators';
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

/* ---- Inspection (docs/inspection-api.md; the maintenance service checks them again) ---- */

/** Names of teams, routes and plans: 1 to 50 characters; a task's (a plan's name and a day, or typed): 1 to 80. */
export const INSPECTION_NAME_MAX = 50;
export const TASK_NAME_MAX = 80;
export const INSPECTION_REMARK_MAX = 500;
/** A dealt task's result description. */
export const INSPECTION_DESCRIPTION_MAX = 1000;
/** A point's remark (the description of the work order it may open). */
export const POINT_REMARK_MAX = 500;
export const TEAM_MEMBERS_MIN = 1;
export const TEAM_MEMBERS_MAX = 50;
export const ROUTE_POINTS_MIN = 1;
export const ROUTE_POINTS_MAX = 100;

/** Dictionary inspection_task_status. */
export const TASK_UNDOING = '0';
export const TASK_DOING = '1';
export const TASK_FINISHED = '2';
export const TASK_EXPIRED = '3';
export const TASK_STATUSES = [TASK_UNDOING, TASK_DOING, TASK_FINISHED, TASK_EXPIRED] as const;
/** Dictionary inspection_result. */
export const RESULT_NORMAL = '1';
export const RESULT_ABNORMAL = '2';
/** Dictionary inspection_point_type. */
export const POINT_DEVICE = '1';
export const POINT_ADDRESS = '2';
/** Dictionary inspection_period: daily, weekly, monthly. */
export const PERIODS = ['1', '2', '3'] as const;
/** A new plan is enabled (sys_normal_disable "0"). */
export const PLAN_ENABLED = '0';
/** The question of an inspection work order unless chosen: other (work_order_question "5"). */
export const QUESTION_OTHER = '5';

/** Only a task that is doing can be dealt with (not one undoing, finished or expired). */
export function mayDeal(status: string): boolean {
  return status === TASK_DOING;
}

/** A finished task is kept: it cannot be deleted. */
export function mayDeleteTask(status: string): boolean {
  return status !== TASK_FINISHED;
}

/** A picked date (antd's dayjs value), as far as the rules need it. */
interface Picked {
  format: (template: string) => string;
  valueOf: () => number;
}

function isPicked(value: unknown): value is Picked {
  return typeof value === 'object' && value !== null && typeof (value as Picked).format === 'function';
}

/** The day of a picked date or of a 'YYYY-MM-DD' text, as 'YYYY-MM-DD'; undefined for anything else. */
export function dayOf(value: unknown): string | undefined {
  if (typeof value === 'string') return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
  if (!isPicked(value)) return undefined;
  const day = value.format('YYYY-MM-DD');
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : undefined;
}

/** Today in the browser's time zone as 'YYYY-MM-DD' (`now` in ms). */
export function todayOf(now: number = Date.now()): string {
  const date = new Date(now);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * A plan's date: none is left to the required rule; else not before `today` ('YYYY-MM-DD'),
 * unless it is the date the plan already has (`kept`: an edit may keep a start that has passed).
 */
export function isPlanDateNotPast(value: unknown, today: string, kept?: string): boolean {
  if (value === undefined || value === null || value === '') return true;
  const day = dayOf(value);
  if (day === undefined) return false;
  return day >= today || (kept !== undefined && day === kept);
}

/** The start date is not after the end date; either missing is left to the required rules. */
export function isStartNotAfterEnd(start: unknown, end: unknown): boolean {
  const [from, to] = [dayOf(start), dayOf(end)];
  return from === undefined || to === undefined || from <= to;
}

/** A task's start time is not later than its end time; either missing is left to the required rules. */
export function isTimeOrder(start: unknown, end: unknown): boolean {
  if (!isPicked(start) || !isPicked(end)) return true;
  return start.valueOf() <= end.valueOf();
}

/** A team's members: 1 to 50 user ids, picked or typed. */
export function isMemberIds(value: unknown): boolean {
  return Array.isArray(value) && value.length >= TEAM_MEMBERS_MIN && value.length <= TEAM_MEMBERS_MAX && value.every(isPositiveId);
}

/** A route's points: 1 to 100, none twice. */
export function isPointCount(value: unknown): boolean {
  return Array.isArray(value) && value.length >= ROUTE_POINTS_MIN && value.length <= ROUTE_POINTS_MAX;
}

/** Moves the item at `index` one place up (-1) or down (+1); out of range, the same list. */
export function moved<T>(items: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
}

/** A rule of an end that is checked against its start, the field `startField` (give the end field `dependencies`). */
const afterRule =
  (startField: string, ok: (start: unknown, end: unknown) => boolean, message: string): FormRule =>
  ({ getFieldValue }) => ({
    validator: (_rule, value: unknown) => (ok(getFieldValue(startField), value) ? Promise.resolve() : Promise.reject(new Error(message))),
  });

/** antd rules of the inspection dialogs, messages in the current language. */
export function inspectionRules(t: TFunction) {
  const name = (required: string, max = INSPECTION_NAME_MAX): FormRule[] => [
    { required: true, whitespace: true, message: required },
    rule((value) => isAtMost(value, max), t('operation.inspection.rules.nameMax', { max })),
  ];
  return {
    teamName: name(t('operation.inspection.rules.teamName')),
    routeName: name(t('operation.inspection.rules.routeName')),
    planName: name(t('operation.inspection.rules.planName')),
    taskName: name(t('operation.inspection.rules.taskName'), TASK_NAME_MAX),
    remark: [rule((value) => isAtMost(value, INSPECTION_REMARK_MAX), t('operation.inspection.rules.remark', { max: INSPECTION_REMARK_MAX }))],
    members: [rule(isMemberIds, t('operation.inspection.rules.members', { min: TEAM_MEMBERS_MIN, max: TEAM_MEMBERS_MAX }))],
    typedMembers: [rule(isMemberIds, t('operation.inspection.rules.typedMembers', { min: TEAM_MEMBERS_MIN, max: TEAM_MEMBERS_MAX }))],
    points: [rule(isPointCount, t('operation.inspection.rules.points', { min: ROUTE_POINTS_MIN, max: ROUTE_POINTS_MAX }))],
    route: [{ required: true, message: t('operation.inspection.rules.route') }],
    team: [{ required: true, message: t('operation.inspection.rules.team') }],
    period: [{ required: true, message: t('operation.inspection.rules.period') }],
    description: [
      { required: true, whitespace: true, message: t('operation.inspection.rules.descriptionRequired') },
      rule((value) => isAtMost(value, INSPECTION_DESCRIPTION_MAX), t('operation.inspection.rules.description', { max: INSPECTION_DESCRIPTION_MAX })),
    ],
    result: [{ required: true, message: t('operation.inspection.rules.result') }],
    pointRemark: [rule((value) => isAtMost(value, POINT_REMARK_MAX), t('operation.inspection.rules.pointRemark', { max: POINT_REMARK_MAX }))],
    questionType: [{ required: true, message: t('operation.inspection.rules.questionType') }],
    startTime: [{ required: true, message: t('operation.inspection.rules.startTime') }],
    endTime: [
      { required: true, message: t('operation.inspection.rules.endTime') },
      afterRule('startTime', isTimeOrder, t('operation.inspection.rules.timeOrder')),
    ],
    /** `kept`: the start date of the plan edited, which may have passed. */
    startDate: (kept?: string) => [
      { required: true, message: t('operation.inspection.rules.startDate') },
      rule((value) => isPlanDateNotPast(value, todayOf(), kept), t('operation.inspection.rules.startDatePast')),
    ],
    endDate: [
      { required: true, message: t('operation.inspection.rules.endDate') },
      rule((value) => isPlanDateNotPast(value, todayOf()), t('operation.inspection.rules.endDatePast')),
      afterRule('startDate', isStartNotAfterEnd, t('operation.inspection.rules.dateOrder')),
    ],
  } satisfies Record<string, FormRule[] | ((kept?: string) => FormRule[])>;
}

/* ---- Maintenance (docs/maintenance-api.md; the maintenance service checks them again) ---- */

/** Names of companies, contracts and plans: 1 to 50 characters. */
export const MAINTENANCE_NAME_MAX = 50;
/** A contract's number: letters, digits, underscore and hyphen, 1 to 32. */
export const CONTRACT_NUMBER_MAX = 32;
export const CONTACT_MAX = 30;
export const COMPANY_ADDRESS_MAX = 200;
/** Remarks, a plan's content and a finished plan's result. */
export const MAINTENANCE_TEXT_MAX = 500;
/** The largest amount a contract takes. */
export const AMOUNT_MAX = '999,999,999.99';

/** Dictionary maintenance_status. */
export const MAINTENANCE_UNFINISHED = '0';
export const MAINTENANCE_FINISHED = '1';
export const MAINTENANCE_STATUSES = [MAINTENANCE_UNFINISHED, MAINTENANCE_FINISHED] as const;
/** Dictionary maintenance_contract_state, computed by the server from the dates. */
export const CONTRACT_IN_FORCE = '0';
export const CONTRACT_NEAR_END = '1';
export const CONTRACT_ENDED = '2';
export const CONTRACT_NOT_STARTED = '3';
export const CONTRACT_STATES = [CONTRACT_IN_FORCE, CONTRACT_NEAR_END, CONTRACT_ENDED, CONTRACT_NOT_STARTED] as const;

/** Only an unfinished plan is finished, edited or deleted: a finished one is kept as it is. */
export function mayChangePlan(status: string): boolean {
  return status === MAINTENANCE_UNFINISHED;
}

/** A contract's number: required, letters, digits, underscore and hyphen only, at most 32. */
export function isContractNumber(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const text = value.trim();
  return text.length >= 1 && text.length <= CONTRACT_NUMBER_MAX && CODE_PATTERN.test(text);
}

/**
 * A contract's amount: none, or a number from 0 to 999,999,999.99 with at most two decimals,
 * written as the server reads it (digits, an optional point and one or two decimals).
 */
export function isAmount(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : undefined;
  if (text === undefined) return false;
  return text === '' || /^\d{1,9}(\.\d{1,2})?$/.test(text);
}

/** A company's phone: none, or 11 digits starting with 1, the second 3 to 9 (spec section 5). */
export function isCompanyPhone(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  return typeof value === 'string' && isValidPhone(value.trim());
}

/** A plan's date lies within its contract's dates; anything missing is left to the other rules. */
export function isWithinContract(value: unknown, contract: { startDate: string; endDate: string } | undefined): boolean {
  const day = dayOf(value);
  if (day === undefined || contract === undefined) return true;
  return day >= contract.startDate && day <= contract.endDate;
}

/** antd rules of the maintenance dialogs, messages in the current language. */
export function maintenanceRules(t: TFunction) {
  const name = (required: string): FormRule[] => [
    { required: true, whitespace: true, message: required },
    rule((value) => isAtMost(value, MAINTENANCE_NAME_MAX), t('operation.maintenance.rules.nameMax', { max: MAINTENANCE_NAME_MAX })),
  ];
  const atMost = (max: number, message: string): FormRule[] => [rule((value) => isAtMost(value, max), message)];
  return {
    companyName: name(t('operation.maintenance.rules.companyName')),
    contractName: name(t('operation.maintenance.rules.contractName')),
    planName: name(t('operation.maintenance.rules.planName')),
    contactName: atMost(CONTACT_MAX, t('operation.maintenance.rules.contactName', { max: CONTACT_MAX })),
    phone: [rule(isCompanyPhone, t('operation.maintenance.rules.phone'))],
    address: atMost(COMPANY_ADDRESS_MAX, t('operation.maintenance.rules.address', { max: COMPANY_ADDRESS_MAX })),
    remark: atMost(MAINTENANCE_TEXT_MAX, t('operation.maintenance.rules.remark', { max: MAINTENANCE_TEXT_MAX })),
    content: atMost(MAINTENANCE_TEXT_MAX, t('operation.maintenance.rules.content', { max: MAINTENANCE_TEXT_MAX })),
    contractNumber: [
      { required: true, whitespace: true, message: t('operation.maintenance.rules.contractNumberRequired') },
      rule((value) => value === undefined || value === null || value === '' || isContractNumber(value), t('operation.maintenance.rules.contractNumber', { max: CONTRACT_NUMBER_MAX })),
    ],
    company: [{ required: true, message: t('operation.maintenance.rules.company') }],
    contract: [{ required: true, message: t('operation.maintenance.rules.contract') }],
    amount: [rule(isAmount, t('operation.maintenance.rules.amount', { max: AMOUNT_MAX }))],
    /** `kept`: the start date of the contract edited, which may have passed. */
    startDate: (kept?: string) => [
      { required: true, message: t('operation.maintenance.rules.startDate') },
      rule((value) => isPlanDateNotPast(value, todayOf(), kept), t('operation.maintenance.rules.startDatePast')),
    ],
    endDate: [
      { required: true, message: t('operation.maintenance.rules.endDate') },
      rule((value) => isPlanDateNotPast(value, todayOf()), t('operation.maintenance.rules.endDatePast')),
      afterRule('startDate', isStartNotAfterEnd, t('operation.maintenance.rules.dateOrder')),
    ],
    /** `kept`: the date of the plan edited, which may have passed; `contract`: the dates of the contract chosen. */
    planDate: (kept?: string, contract?: { startDate: string; endDate: string }) => [
      { required: true, message: t('operation.maintenance.rules.planDate') },
      rule((value) => isPlanDateNotPast(value, todayOf(), kept), t('operation.maintenance.rules.planDatePast')),
      rule(
        (value) => isWithinContract(value, contract),
        t('operation.maintenance.rules.planDateOutside', { start: contract?.startDate ?? '', end: contract?.endDate ?? '' }),
      ),
    ],
    result: [
      { required: true, whitespace: true, message: t('operation.maintenance.rules.resultRequired') },
      rule((value) => isAtMost(value, MAINTENANCE_TEXT_MAX), t('operation.maintenance.rules.result', { max: MAINTENANCE_TEXT_MAX })),
    ],
  } satisfies Record<string, FormRule[] | ((...args: never[]) => FormRule[])>;
}
