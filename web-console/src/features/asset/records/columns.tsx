import { useTranslation } from 'react-i18next';
import type { ListColumn, SearchField } from '../../../components/listPage';
import { useRecordTypes } from '../shared/dicts';
import { entered, orNone } from '../shared/text';
import { RecordStatusTag, RecordTypeTag } from '../shared/Tags';
import type { AssetRecord, AssetRecordQuery } from '../types';
import '../i18n';

/** A record's assets by their codes. */
export const assetCodesOf = (record: Pick<AssetRecord, 'items'>) => record.items.map((item) => item.assetCode).join(', ');

/** A record as its buttons name it: its assets' codes (or its number). */
export const recordName = (record: Pick<AssetRecord, 'items' | 'recordId'>) => assetCodesOf(record) || `#${record.recordId}`;

/** The record list's columns: type, status, person, date, the assets by code, remark, who recorded it and when. */
export function useRecordColumns(): ListColumn<AssetRecord>[] {
  const { t } = useTranslation();
  return [
    { key: 'recordType', title: t('asset.recordType.title'), render: (type: string) => <RecordTypeTag recordType={type} /> },
    { key: 'status', title: t('asset.recordStatus.title'), render: (_status: string, record) => <RecordStatusTag record={record} /> },
    { key: 'person', title: t('asset.record.person'), render: (person: string) => entered(person) },
    { key: 'recordDate', title: t('asset.record.recordDate'), render: orNone },
    { key: 'items', title: t('asset.record.assets'), render: (_items: unknown, record) => entered(assetCodesOf(record), true) },
    { key: 'remark', title: t('asset.remark'), render: (remark: string) => entered(remark, true) },
    { key: 'createdBy', title: t('asset.record.createdBy'), render: (name: string) => entered(name) },
    { key: 'createTime', title: t('asset.createTime'), render: orNone },
  ];
}

/** The search form: the record type and a keyword of the person or remark. */
export function useRecordSearchFields(): SearchField<AssetRecordQuery>[] {
  const { t } = useTranslation();
  const types = useRecordTypes();
  return [
    { kind: 'select', name: 'recordType', label: t('asset.recordType.title'), options: types, width: 120 },
    { kind: 'text', name: 'keyword', label: t('asset.keyword'), placeholder: t('asset.record.keywordPlaceholder') },
  ];
}
