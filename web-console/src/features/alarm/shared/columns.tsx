import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ListColumn, SearchField } from '../../../components/listPage';
import { useGetAlarmTypesQuery } from '../api';
import type { Alarm, AlarmQuery } from '../types';
import { LevelTag, StatusTag } from './AlarmTags';
import { useAlarmLevels, useAlarmStatuses } from './dicts';
import '../i18n';

/** The alarm level column (a coloured tag), shared by the alarm type and alarm lists. */
export function levelColumn<Row extends { alarmLevel: string }>(t: TFunction): ListColumn<Row> {
  return { key: 'alarmLevel', title: t('alarm.level.title'), render: (level: string) => <LevelTag level={level} /> };
}

/** The alarm status column (a coloured tag). */
export function statusColumn<Row extends { status: string }>(t: TFunction): ListColumn<Row> {
  return { key: 'status', title: t('alarm.status.title'), render: (status: string) => <StatusTag status={status} /> };
}

/** The alarm lists' columns; the history list adds the end time. */
export function useAlarmColumns(withEndTime: boolean): ListColumn<Alarm>[] {
  const { t } = useTranslation();
  const device = (name: string, alarm: Alarm) => (alarm.loopIndex > 0 ? `${name} · ${t('alarm.loopN', { index: alarm.loopIndex })}` : name);
  const columns: ListColumn<Alarm>[] = [
    { key: 'alarmName', title: t('alarm.alarmName') },
    levelColumn<Alarm>(t),
    statusColumn<Alarm>(t),
    { key: 'deviceName', title: t('alarm.deviceName'), render: device },
    { key: 'content', title: t('alarm.content') },
    { key: 'value', title: t('alarm.value'), render: (value: Alarm['value']) => (value === null || value === undefined ? '-' : String(value)) },
    { key: 'alarmTime', title: t('alarm.alarmTime') },
  ];
  if (withEndTime) columns.push({ key: 'endTime', title: t('alarm.endTime'), render: (time: string | null) => time ?? '-' });
  return columns;
}

/** Alarm types offered by the type filter. */
const TYPE_OPTIONS_SIZE = 100;

/** The alarm lists' search fields: type, level, status (only `statuses` when given), device, time range. */
export function useAlarmSearchFields(statuses?: readonly string[]): SearchField<AlarmQuery>[] {
  const { t } = useTranslation();
  const levels = useAlarmLevels();
  const statusOptions = useAlarmStatuses().filter((option) => statuses?.includes(option.value) ?? true);
  const { data: types } = useGetAlarmTypesQuery({ pageNum: 1, pageSize: TYPE_OPTIONS_SIZE });
  const typeOptions = (types?.rows ?? []).map((type) => ({ value: type.alarmTypeId, label: type.alarmName }));
  return [
    { kind: 'select', name: 'alarmTypeId', label: t('alarm.alarmType'), options: typeOptions, searchable: true, width: 180 },
    { kind: 'select', name: 'alarmLevel', label: t('alarm.level.title'), options: levels, width: 120 },
    { kind: 'select', name: 'status', label: t('alarm.status.title'), options: statusOptions, width: 120 },
    { kind: 'text', name: 'deviceName', label: t('alarm.deviceName') },
    { kind: 'dateTimeRange', name: 'timeRange', from: 'beginTime', to: 'endTime', label: t('alarm.timeRange') },
  ];
}
