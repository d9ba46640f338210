import { Alert, Button, Descriptions, Space, Typography, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import AppDialog from '../../../components/AppDialog';
import AsEntered from '../../../components/AsEntered';
import type { CommunicationRecord } from '../types';
import { useBytes } from './columns';
import { ChannelText, DirectionTag, GatewayText, OutcomeTag, SequenceText } from './CommunicationTexts';
import { shownPayload } from './payload';
import '../i18n';

const PRE = {
  margin: 0,
  padding: 12,
  fontFamily: 'monospace',
  fontSize: 12,
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-all',
  maxHeight: 420,
  overflow: 'auto',
  background: 'rgba(0, 0, 0, 0.04)',
  borderRadius: 6,
} as const;

/**
 * One record's whole payload (as the list answered it: no request of its own), laid out when
 * it is a JSON object or array, as recorded otherwise; a payload cut at 8 KiB says so. Above
 * it, the record: when, which gateway, which way, what, what became of it, its size and why
 * it was refused.
 */
export default function PayloadDialog({ record, onClose }: { record: CommunicationRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const bytes = useBytes();
  const shown = shownPayload(record.payload);
  const items: NonNullable<DescriptionsProps['items']> = [
    { key: 'recordTime', label: t('device.communication.recordTime'), children: record.recordTime },
    { key: 'deviceTime', label: t('device.communication.deviceTime'), children: record.deviceTime ?? '-' },
    { key: 'gateway', label: t('device.communication.gateway'), children: <GatewayText name={record.gatewayName} number={record.gatewayNumber} /> },
    { key: 'direction', label: t('device.communication.direction'), children: <DirectionTag direction={record.direction} /> },
    { key: 'channel', label: t('device.communication.channel'), children: <ChannelText channel={record.channel} /> },
    { key: 'outcome', label: t('device.communication.outcome'), children: <OutcomeTag outcome={record.outcome} /> },
    { key: 'sequence', label: t('device.communication.sequence'), children: <SequenceText record={record} /> },
    { key: 'size', label: t('device.communication.size'), children: bytes(record.size) },
  ];
  if (record.reason) items.push({ key: 'reason', label: t('device.communication.reason'), children: <AsEntered text={record.reason} /> });
  return (
    <AppDialog
      open
      size="half"
      title={t('device.communication.payloadTitle')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('device.communication.close')}
        </Button>
      }
    >
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Descriptions size="small" column={2} bordered items={items} />
        {record.truncated ? <Alert type="warning" showIcon message={t('device.communication.truncated')} /> : null}
        {shown.json ? <Typography.Text type="secondary">{t('device.communication.formatted')}</Typography.Text> : null}
        {shown.text ? (
          <pre translate="no" aria-label={t('device.communication.payload')} style={PRE}>
            {shown.text}
          </pre>
        ) : (
          <Typography.Text type="secondary">{t('device.communication.empty')}</Typography.Text>
        )}
      </Space>
    </AppDialog>
  );
}
