import type { CSSProperties } from 'react';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import AsEntered from '../../../components/AsEntered';
import { known } from '../command/codes';
import type { CommunicationOutcome, CommunicationRecord } from '../types';
import { CHANNELS, DIRECTIONS, OUTCOMES } from './codes';
import '../i18n';

/** Refused red, duplicate orange, accepted green, sent plain. */
const OUTCOME_COLOURS: Record<CommunicationOutcome, string> = {
  accepted: 'success',
  duplicate: 'orange',
  refused: 'error',
  sent: 'default',
};

/** The gateway's name and number, as the command log shows them. */
export function GatewayText({ name, number }: { name: string; number: string }) {
  return (
    <Space size={4} wrap>
      <AsEntered text={name} />
      <Typography.Text type="secondary">
        <AsEntered text={number} />
      </Typography.Text>
    </Space>
  );
}

/** Up (gateway to platform) or down (platform to gateway), the way named on hover. */
export function DirectionTag({ direction }: { direction: string }) {
  const { t } = useTranslation();
  const code = known(DIRECTIONS, direction);
  if (!code) {
    return (
      <Tag>
        <AsEntered text={direction} />
      </Tag>
    );
  }
  return (
    <Tag color={code === 'up' ? 'blue' : 'purple'} title={t(`device.communication.directionHints.${code}`)}>
      {t(`device.communication.directions.${code}`)}
    </Tag>
  );
}

/** Telemetry, heartbeat, event, acknowledgement or command. */
export function ChannelText({ channel }: { channel: string }) {
  const { t } = useTranslation();
  const code = known(CHANNELS, channel);
  return code ? t(`device.communication.channels.${code}`) : <AsEntered text={channel} />;
}

/** What became of the message. */
export function OutcomeTag({ outcome }: { outcome: string }) {
  const { t } = useTranslation();
  const code = known(OUTCOMES, outcome);
  if (!code) {
    return (
      <Tag>
        <AsEntered text={outcome} />
      </Tag>
    );
  }
  return <Tag color={OUTCOME_COLOURS[code]}>{t(`device.communication.outcomes.${code}`)}</Tag>;
}

/** The message's sequence number, and the command it belongs to; '-' without either. */
export function SequenceText({ record }: { record: Pick<CommunicationRecord, 'messageSeq' | 'correlationId'> }) {
  const { t } = useTranslation();
  if (record.messageSeq === null && record.correlationId === null) return '-';
  return (
    <Space size={8} wrap>
      {record.messageSeq !== null ? <span>{record.messageSeq}</span> : null}
      {record.correlationId !== null ? (
        <Space size={4}>
          <Typography.Text type="secondary">{t('device.communication.correlation')}</Typography.Text>
          <AsEntered text={record.correlationId} clip />
        </Space>
      ) : null}
    </Space>
  );
}

const CLIPPED: CSSProperties = {
  display: 'inline-block',
  maxWidth: 360,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
  fontFamily: 'monospace',
};

/** The payload on one line, clipped (the whole of it is the row's "view payload"), and whether it was cut at 8 KiB. */
export function PayloadCell({ record }: { record: Pick<CommunicationRecord, 'payload' | 'truncated'> }) {
  const { t } = useTranslation();
  return (
    <Space size={4}>
      {record.payload ? (
        <span translate="no" style={CLIPPED}>
          {record.payload}
        </span>
      ) : (
        '-'
      )}
      {record.truncated ? <Tag color="warning">{t('device.communication.truncatedTag')}</Tag> : null}
    </Space>
  );
}
