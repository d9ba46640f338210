import dayjs, { type Dayjs } from 'dayjs';
import { WEEKDAYS } from '../rules';
import type { DayTimeType, Task, TaskChange } from '../types';

export const CLOCK: DayTimeType = '0';
export const SUNRISE: DayTimeType = '1';
export const SUNSET: DayTimeType = '2';
export const DAY_TIME_TYPES: readonly DayTimeType[] = [CLOCK, SUNRISE, SUNSET];

/** '1' Monday to '7' Sunday. */
export type Weekday = (typeof WEEKDAYS)[number];

const DATE = 'YYYY-MM-DD';
const TIME = 'HH:mm';

/** The task form's fields: dates and clock times as dayjs values, as antd's pickers hold them. */
export interface TaskFormValues {
  taskName: string;
  priority?: number | null;
  /** Either end may be empty: open. */
  dateRange?: [Dayjs | null, Dayjs | null] | null;
  weekdays: string[];
  startType: DayTimeType;
  startTime?: Dayjs | null;
  startOffset?: number | null;
  endType: DayTimeType;
  endTime?: Dayjs | null;
  endOffset?: number | null;
  sceneIds: number[];
  gatewayIds: number[];
  remark?: string;
}

/** A new task: priority 0, every day, from sunset to sunrise. */
export const NEW_TASK: Partial<TaskFormValues> = {
  priority: 0,
  weekdays: [...WEEKDAYS],
  startType: SUNSET,
  startOffset: 0,
  endType: SUNRISE,
  endOffset: 0,
  sceneIds: [],
  gatewayIds: [],
};

const asType = (value: string): DayTimeType => (DAY_TIME_TYPES.includes(value as DayTimeType) ? (value as DayTimeType) : CLOCK);

/** "22:00" as a picker's value (any day: only the time is read). */
function clockValue(time: string | null): Dayjs | null {
  if (!time) return null;
  const value = dayjs(`2000-01-01T${time}`);
  return value.isValid() ? value : null;
}

const dateValue = (date: string | null): Dayjs | null => (date ? dayjs(date) : null);

/** The weekdays of '1,2,7', in order. */
export function weekdaysOf(text: string | null | undefined): Weekday[] {
  const days = new Set((text ?? '').split(',').map((day) => day.trim()));
  return WEEKDAYS.filter((day) => days.has(day));
}

/** A task in the form. */
export function toValues(task: Task): TaskFormValues {
  const { dateFrom, dateTo } = task;
  return {
    taskName: task.taskName,
    priority: task.priority,
    dateRange: dateFrom || dateTo ? [dateValue(dateFrom), dateValue(dateTo)] : null,
    weekdays: weekdaysOf(task.weekdays),
    startType: asType(task.startType),
    startTime: clockValue(task.startTime),
    startOffset: task.startOffset ?? 0,
    endType: asType(task.endType),
    endTime: clockValue(task.endTime),
    endOffset: task.endOffset ?? 0,
    sceneIds: task.sceneIds,
    gatewayIds: task.gatewayIds,
    remark: task.remark,
  };
}

/** A start or an end as the server takes it: a clock time, or sunrise or sunset moved by minutes. */
function dayTime(type: DayTimeType, time: Dayjs | null | undefined, offset: number | null | undefined) {
  return type === CLOCK ? { type, time: time ? time.format(TIME) : null, offset: null } : { type, time: null, offset: offset ?? 0 };
}

/** The form's values as the server takes them. */
export function toChange(values: TaskFormValues): TaskChange {
  const [from, to] = values.dateRange ?? [null, null];
  const start = dayTime(values.startType, values.startTime, values.startOffset);
  const end = dayTime(values.endType, values.endTime, values.endOffset);
  return {
    taskName: values.taskName.trim(),
    priority: values.priority ?? 0,
    dateFrom: from ? from.format(DATE) : null,
    dateTo: to ? to.format(DATE) : null,
    weekdays: WEEKDAYS.filter((day) => values.weekdays.includes(day)).join(','),
    startType: start.type,
    startTime: start.time,
    startOffset: start.offset,
    endType: end.type,
    endTime: end.time,
    endOffset: end.offset,
    sceneIds: [...values.sceneIds],
    gatewayIds: [...values.gatewayIds],
    remark: (values.remark ?? '').trim(),
  };
}
