import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import AsEntered from '../../../components/AsEntered';
import type { ListColumn, SearchField } from '../../../components/listPage';
import { DEVICE_STATUSES } from '../rules';
import { useGatewayChoices, useGroupChoices, useTypeChoices } from '../shared/choices';
import { OnlineTag, StatusTag, SwitchTag } from '../shared/Tags';
import type { Device, DeviceQuery } from '../types';
import '../i18n';

/** The device list's columns: what it is, where it hangs, whether it is in service, online and on. */
export function useDeviceColumns(): ListColumn<Device>[] {
  const { t } = useTranslation();
  return [
    { key: 'deviceCode', title: t('device.device.code'), render: (code: string) => <AsEntered text={code} /> },
    { key: 'deviceName', title: t('device.device.name'), render: (name: string) => <AsEntered text={name} /> },
    { key: 'typeName', title: t('device.device.type'), render: (name: string) => <AsEntered text={name} /> },
    { key: 'categoryName', title: t('device.device.category'), render: (name: string) => <AsEntered text={name} /> },
    {
      key: 'gatewayName',
      title: t('device.device.gateway'),
      render: (name: string, device) => (
        <Space size={4} wrap>
          <AsEntered text={name} />
          <Typography.Text type="secondary">
            <AsEntered text={device.gatewayNumber} />
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'loopIndex',
      title: t('device.device.loop'),
      render: (index: number, device) => (
        <Space size={4} wrap>
          <span>{t('device.device.loopN', { index })}</span>
          {device.loopName ? <AsEntered text={device.loopName} /> : null}
        </Space>
      ),
    },
    { key: 'address', title: t('device.device.address'), render: (address: string) => <AsEntered text={address} clip /> },
    { key: 'status', title: t('device.device.status'), render: (status: string) => <StatusTag status={status} /> },
    { key: 'online', title: t('device.device.online'), render: (online: string) => <OnlineTag online={online} /> },
    { key: 'switchState', title: t('device.device.switchState'), render: (state: string | null) => <SwitchTag state={state} /> },
    {
      key: 'groupNames',
      title: t('device.device.groups'),
      render: (names: string[]) => (names.length > 0 ? <AsEntered text={names.join(', ')} clip /> : '-'),
    },
    { key: 'remark', title: t('device.device.remark'), hidden: true, render: (remark: string | null) => (remark ? <AsEntered text={remark} clip /> : '-') },
    { key: 'createTime', title: t('device.device.createTime') },
  ];
}

/** The device list's search fields: name, code, type, gateway, group (the project's first 500 of each), status. */
export function useDeviceSearchFields(): SearchField<DeviceQuery>[] {
  const { t } = useTranslation();
  const types = useTypeChoices();
  const gateways = useGatewayChoices();
  const groups = useGroupChoices();
  return [
    { kind: 'text', name: 'deviceName', label: t('device.device.name'), placeholder: t('device.device.namePlaceholder') },
    { kind: 'text', name: 'deviceCode', label: t('device.device.code'), placeholder: t('device.device.codePlaceholder') },
    { kind: 'select', name: 'typeId', label: t('device.device.type'), options: types.choices, searchable: true, width: 200 },
    { kind: 'select', name: 'gatewayId', label: t('device.device.gateway'), options: gateways.choices, searchable: true, width: 220 },
    { kind: 'select', name: 'groupId', label: t('device.device.group'), options: groups.choices, searchable: true, width: 200 },
    {
      kind: 'select',
      name: 'status',
      label: t('device.device.status'),
      options: DEVICE_STATUSES.map((status) => ({ value: status, label: t(`device.device.statuses.${status}`) })),
      width: 140,
    },
  ];
}
