import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import AsEntered from '../../../components/AsEntered';
import type { ListColumn, SearchField } from '../../../components/listPage';
import { formatNumber } from '../../../lib/format';
import { communicationRules, monthSoFar } from '../rules';
import { useGatewayChoices } from '../shared/choices';
import type { CommunicationQuery, CommunicationRecord } from '../types';
import { CHANNELS, DIRECTIONS, OUTCOMES } from './codes';
import { ChannelText, DirectionTag, GatewayText, OutcomeTag, PayloadCell, SequenceText } from './CommunicationTexts';
import '../i18n';

/** Bytes as the language writes them: "1,234 字节", "1,234 B". */
export function useBytes() {
  const { t, i18n } = useTranslation();
  return (size: number) => t('device.communication.bytes', { size: formatNumber(size, i18n.language, 0) });
}

/**
 * The communication records' columns: when the platform heard or sent the message, which
 * gateway, which way, what it was, what became of it, its sequence number or the command it
 * belongs to, when the gateway says it happened (hidden at first), its size on the wire, why
 * it was refused (as recorded), and the payload on one line.
 */
export function useCommunicationColumns(): ListColumn<CommunicationRecord>[] {
  const { t } = useTranslation();
  const bytes = useBytes();
  return [
    { key: 'recordTime', title: t('device.communication.recordTime') },
    {
      key: 'gatewayName',
      title: t('device.communication.gateway'),
      render: (name: string, record) => <GatewayText name={name} number={record.gatewayNumber} />,
    },
    { key: 'direction', title: t('device.communication.direction'), render: (direction: string) => <DirectionTag direction={direction} /> },
    { key: 'channel', title: t('device.communication.channel'), render: (channel: string) => <ChannelText channel={channel} /> },
    { key: 'outcome', title: t('device.communication.outcome'), render: (outcome: string) => <OutcomeTag outcome={outcome} /> },
    { key: 'sequence', dataIndex: 'messageSeq', title: t('device.communication.sequence'), render: (_seq: number | null, record) => <SequenceText record={record} /> },
    { key: 'deviceTime', title: t('device.communication.deviceTime'), hidden: true, render: (time: string | null) => time ?? '-' },
    { key: 'size', title: t('device.communication.size'), align: 'right', render: (size: number) => bytes(size) },
    // the protocol's reason, in English as the server recorded it: shown as recorded
    { key: 'reason', title: t('device.communication.reason'), render: (reason: string) => (reason ? <AsEntered text={reason} clip /> : '-') },
    { key: 'payload', title: t('device.communication.payload'), render: (_payload: string, record) => <PayloadCell record={record} /> },
  ];
}

/**
 * The communication records' search fields: the gateway (the project's first 500), direction,
 * channel, outcome, and the days, the month so far at first; a range across two months is
 * refused with the server's words before anything is sent.
 */
export function useCommunicationSearchFields(): SearchField<CommunicationQuery>[] {
  const { t } = useTranslation();
  const gateways = useGatewayChoices();
  const [begin, end] = monthSoFar(new Date());
  return [
    { kind: 'select', name: 'gatewayId', label: t('device.communication.gateway'), options: gateways.choices, searchable: true, width: 220 },
    {
      kind: 'select',
      name: 'direction',
      label: t('device.communication.direction'),
      options: DIRECTIONS.map((direction) => ({ value: direction, label: t(`device.communication.directions.${direction}`) })),
      width: 120,
    },
    {
      kind: 'select',
      name: 'channel',
      label: t('device.communication.channel'),
      options: CHANNELS.map((channel) => ({ value: channel, label: t(`device.communication.channels.${channel}`) })),
    },
    {
      kind: 'select',
      name: 'outcome',
      label: t('device.communication.outcome'),
      options: OUTCOMES.map((outcome) => ({ value: outcome, label: t(`device.communication.outcomes.${outcome}`) })),
    },
    {
      kind: 'dateRange',
      name: 'recordTime',
      from: 'params[beginTime]',
      to: 'params[endTime]',
      label: t('device.communication.recordTime'),
      width: 260,
      initial: [dayjs(begin), dayjs(end)],
      rules: communicationRules(t).recordTime,
    },
  ];
}
