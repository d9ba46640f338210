import type { Dayjs } from 'dayjs';
import { DATE_TIME_FORMAT } from '../../../components/listPage';
import type { Alarm } from '../../alarm/types';
import { ADDRESS_MAX, clip, DESCRIPTION_MAX, TYPE_ALARM, TYPE_REPORTED, URGENCY_NORMAL, urgencyOfAlarmLevel } from '../rules';
import type { WorkOrderChange } from '../types';

/** The add dialog's fields. */
export interface WorkOrderFormValues {
  orderType: string;
  /** Only for an alarm's order. */
  alarmId?: number | null;
  questionType?: string;
  urgency: string;
  expectedTime?: Dayjs | null;
  address?: string;
  description?: string;
  attachments?: string[];
}

/** A hand-made order is "reported", of normal urgency, until chosen otherwise. */
export const NEW_WORK_ORDER: Partial<WorkOrderFormValues> = { orderType: TYPE_REPORTED, urgency: URGENCY_NORMAL, attachments: [] };

/** What an alarm's order is made from. */
export type AlarmSource = Pick<Alarm, 'alarmId' | 'alarmName' | 'alarmLevel' | 'deviceName' | 'content'>;

/**
 * A new order for an alarm, as the server's auto work order makes one: of type alarm, naming
 * the alarm, as urgent as its level, at its device, described by its name and content (in the
 * language the list showed it); the question is left to the operator.
 */
export function fromAlarm(alarm: AlarmSource): Partial<WorkOrderFormValues> {
  const content = alarm.content.trim();
  return {
    ...NEW_WORK_ORDER,
    orderType: TYPE_ALARM,
    alarmId: alarm.alarmId,
    urgency: urgencyOfAlarmLevel(alarm.alarmLevel),
    address: clip(alarm.deviceName.trim(), ADDRESS_MAX),
    description: clip(content ? `${alarm.alarmName} · ${content}` : alarm.alarmName, DESCRIPTION_MAX),
  };
}

/** POST /operation/workOrder body: texts trimmed, no expected time as "", the alarm only for an alarm's order. */
export function toChange(values: WorkOrderFormValues): WorkOrderChange {
  const change: WorkOrderChange = {
    orderType: values.orderType,
    questionType: values.questionType ?? '',
    urgency: values.urgency,
    expectedTime: values.expectedTime ? values.expectedTime.format(DATE_TIME_FORMAT) : '',
    address: (values.address ?? '').trim(),
    description: (values.description ?? '').trim(),
    attachments: values.attachments ?? [],
  };
  if (values.orderType === TYPE_ALARM && typeof values.alarmId === 'number') change.alarmId = values.alarmId;
  return change;
}
