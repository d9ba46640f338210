import { useTranslation } from 'react-i18next';
import AsEntered from '../../../components/AsEntered';
import type { ListColumn, SearchField } from '../../../components/listPage';
import type { DeviceGroup, DeviceGroupQuery } from '../types';
import '../i18n';

/** The group list's columns. */
export function useGroupColumns(): ListColumn<DeviceGroup>[] {
  const { t } = useTranslation();
  return [
    { key: 'groupName', title: t('device.group.name'), render: (name: string) => <AsEntered text={name} /> },
    { key: 'deviceCount', title: t('device.group.deviceCount') },
    { key: 'remark', title: t('device.group.remark'), render: (remark: string | null) => (remark ? <AsEntered text={remark} clip /> : '-') },
    { key: 'createBy', title: t('device.group.createBy'), render: (name: string) => <AsEntered text={name} /> },
    { key: 'createTime', title: t('device.group.createTime') },
    { key: 'updateTime', title: t('device.group.updateTime'), hidden: true, render: (time: string | null) => time ?? '-' },
  ];
}

/** The group list's search field: the name. */
export function useGroupSearchFields(): SearchField<DeviceGroupQuery>[] {
  const { t } = useTranslation();
  return [{ kind: 'text', name: 'groupName', label: t('device.group.name'), placeholder: t('device.group.namePlaceholder') }];
}
