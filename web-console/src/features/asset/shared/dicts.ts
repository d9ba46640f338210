import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDictOptions, type DictOption } from '../../system/useDictOptions';
import { ASSET_STATUSES, RECORD_TYPES, VALUE_TYPES } from '../rules';
import '../i18n';

export const ASSET_STATUS_DICT = 'asset_status';
export const RECORD_TYPE_DICT = 'asset_record_type';
export const ATTRIBUTE_TYPE_DICT = 'asset_attribute_type';

/** Idle, in use, under repair, scrapped. */
export const STATUS_COLOURS: Readonly<Record<string, string>> = { '0': 'default', '1': 'success', '2': 'warning', '3': 'error' };
/** Receive, return, repair, scrap. */
export const RECORD_TYPE_COLOURS: Readonly<Record<string, string>> = { '1': 'blue', '2': 'cyan', '3': 'orange', '4': 'red' };

type Kind = 'status' | 'recordType' | 'valueType';

/** The module's own labels, standing in until the dictionary arrives (or when the server has none). */
function useFallback(kind: Kind, values: readonly string[]): DictOption[] {
  const { t } = useTranslation();
  return useMemo(() => values.map((value) => ({ value, label: t(`asset.${kind}.${value as '1'}`) })), [t, kind, values]);
}

/** asset_status: "0" idle, "1" in use, "2" under repair, "3" scrapped. */
export function useAssetStatuses(): DictOption[] {
  return useDictOptions(ASSET_STATUS_DICT, useFallback('status', ASSET_STATUSES));
}

/** asset_record_type: "1" receive, "2" return, "3" repair, "4" scrap. */
export function useRecordTypes(): DictOption[] {
  return useDictOptions(RECORD_TYPE_DICT, useFallback('recordType', RECORD_TYPES));
}

/** asset_attribute_type: "1" text, "2" number, "3" options. */
export function useValueTypes(): DictOption[] {
  return useDictOptions(ATTRIBUTE_TYPE_DICT, useFallback('valueType', VALUE_TYPES));
}
