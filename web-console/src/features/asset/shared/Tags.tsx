import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { optionLabel } from '../../system/useDictOptions';
import { RECORD_EFFECTIVE, RECORD_SCRAP } from '../rules';
import type { AssetRecord } from '../types';
import { RECORD_TYPE_COLOURS, STATUS_COLOURS, useAssetStatuses, useRecordTypes } from './dicts';
import '../i18n';

/** An asset's status as a coloured tag (dictionary asset_status). */
export function AssetStatusTag({ status }: { status: string }) {
  const statuses = useAssetStatuses();
  return <Tag color={STATUS_COLOURS[status] ?? 'default'}>{optionLabel(statuses, status)}</Tag>;
}

/** A record's type as a coloured tag (dictionary asset_record_type). */
export function RecordTypeTag({ recordType }: { recordType: string }) {
  const types = useRecordTypes();
  return <Tag color={RECORD_TYPE_COLOURS[recordType] ?? 'default'}>{optionLabel(types, recordType)}</Tag>;
}

/** A record's status: effective, else a scrap cancelled or a receive or repair returned. */
export function RecordStatusTag({ record }: { record: Pick<AssetRecord, 'recordType' | 'status'> }) {
  const { t } = useTranslation();
  if (record.status === RECORD_EFFECTIVE) return <Tag color="processing">{t('asset.recordStatus.effective')}</Tag>;
  return <Tag>{record.recordType === RECORD_SCRAP ? t('asset.recordStatus.cancelled') : t('asset.recordStatus.returned')}</Tag>;
}
