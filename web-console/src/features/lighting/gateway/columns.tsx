import { useTranslation } from 'react-i18next';
import AsEntered from '../../../components/AsEntered';
import type { ListColumn, SearchField } from '../../../components/listPage';
import { optionLabel } from '../../system/useDictOptions';
import { OnlineTag, SignalBars } from '../shared/GatewayBits';
import { reading, useCommunicationTypes } from '../shared/gatewayText';
import type { Gateway, GatewayQuery } from '../types';
import '../i18n';

/** The gateway list's columns. */
export function useGatewayColumns(): ListColumn<Gateway>[] {
  const { t } = useTranslation();
  const communicationTypes = useCommunicationTypes();
  return [
    { key: 'gatewayName', title: t('lighting.gateway.name') },
    { key: 'gatewayNumber', title: t('lighting.gateway.number') },
    { key: 'gatewayType', title: t('lighting.gateway.gatewayType'), render: (type: string | null | undefined) => (type ? <AsEntered text={type} /> : '-') },
    { key: 'communicationType', title: t('lighting.gateway.communicationType'), render: (value: string) => optionLabel(communicationTypes, value) },
    { key: 'onlineStatus', title: t('lighting.gateway.onlineStatus'), render: (value: string) => <OnlineTag status={value} /> },
    { key: 'signal', title: t('lighting.gateway.signal'), render: (dbm: number | null) => <SignalBars dbm={dbm} /> },
    { key: 'temperature', title: t('lighting.gateway.temperature'), render: (celsius: number | null) => reading(celsius, '°C') },
    { key: 'firmwareVersion', title: t('lighting.gateway.firmware'), render: (version: string) => version || '-' },
    { key: 'lastSeenTime', title: t('lighting.gateway.lastSeen'), render: (time: string | null) => time ?? '-' },
  ];
}

/** The gateway list's search fields: name, serial, online or not. */
export function useGatewaySearchFields(): SearchField<GatewayQuery>[] {
  const { t } = useTranslation();
  return [
    { kind: 'text', name: 'gatewayName', label: t('lighting.gateway.name'), placeholder: t('lighting.gateway.namePlaceholder') },
    { kind: 'text', name: 'gatewayNumber', label: t('lighting.gateway.number'), placeholder: t('lighting.gateway.numberPlaceholder') },
    {
      kind: 'select',
      name: 'onlineStatus',
      label: t('lighting.gateway.onlineStatus'),
      options: [
        { value: '1', label: t('lighting.online') },
        { value: '0', label: t('lighting.offline') },
      ],
    },
  ];
}
