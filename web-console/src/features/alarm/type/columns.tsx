import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListColumn, SearchField } from '../../../components/listPage';
import { DEVICE_TYPES, recoveryIsMagnitude } from '../rules';
import { levelColumn } from '../shared/columns';
import { useAlarmLevels } from '../shared/dicts';
import type { AlarmType, AlarmTypeQuery } from '../types';
import '../i18n';

/**
 * The alarm type list's columns; a condition reads '电压 > 250 (持续 60 秒)'. A signal recovery
 * value, written without its minus sign, reads as what it means: '信号 >= −85.0 dBm'.
 */
export function useAlarmTypeColumns(): ListColumn<AlarmType>[] {
  const { t } = useTranslation();
  const attributeText = (attribute: string) => t(`alarm.attribute.${attribute as 'voltage'}`, { defaultValue: attribute });
  const lasting = (seconds: number) => (seconds > 0 ? ` (${t('alarm.type.forSeconds', { seconds })})` : '');
  const condition = (attribute: string, comparison: string, value: string, seconds: number) =>
    attribute && comparison && value !== '' ? `${attributeText(attribute)} ${comparison} ${value}${lasting(seconds)}` : '-';
  const recoveryValue = (attribute: string, value: string) =>
    recoveryIsMagnitude(attribute) && value !== '' ? t('alarm.type.signalRecoveryValue', { value }) : value;
  const yesNo = (flag: string) => (flag === '1' ? t('common.yes') : t('common.no'));
  return [
    { key: 'alarmName', title: t('alarm.type.name') },
    {
      key: 'deviceType',
      title: t('alarm.type.deviceType'),
      render: (deviceType: string) => (deviceType === 'gateway' || deviceType === 'loop' ? t(`alarm.deviceType.${deviceType}`) : deviceType),
    },
    levelColumn<AlarmType>(t),
    { key: 'trigger', title: t('alarm.type.trigger'), render: (_none, type) => condition(type.triggerAttribute, type.triggerComparison, type.triggerValue, type.triggerDuration) },
    { key: 'recovery', title: t('alarm.type.recovery'), render: (_none, type) => condition(type.recoveryAttribute, type.recoveryComparison, recoveryValue(type.recoveryAttribute, type.recoveryValue), type.recoveryDuration) },
    { key: 'autoProcessing', title: t('alarm.type.autoProcessing'), render: yesNo },
    { key: 'autoWorkOrder', title: t('alarm.type.autoWorkOrder'), render: yesNo },
    {
      key: 'status',
      title: t('alarm.type.status'),
      render: (status: string) => (status === '0' ? <Tag color="success">{t('alarm.type.enabledTag')}</Tag> : <Tag>{t('alarm.type.disabledTag')}</Tag>),
    },
    { key: 'createTime', title: t('alarm.type.createTime') },
  ];
}

/** The alarm type list's search fields: name, device type, level. */
export function useAlarmTypeSearchFields(): SearchField<AlarmTypeQuery>[] {
  const { t } = useTranslation();
  const levels = useAlarmLevels();
  return [
    { kind: 'text', name: 'alarmName', label: t('alarm.type.name') },
    {
      kind: 'select',
      name: 'deviceType',
      label: t('alarm.type.deviceType'),
      options: DEVICE_TYPES.map((value) => ({ value, label: t(`alarm.deviceType.${value}`) })),
    },
    { kind: 'select', name: 'alarmLevel', label: t('alarm.type.level'), options: levels },
  ];
}
