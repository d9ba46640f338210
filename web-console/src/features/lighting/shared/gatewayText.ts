import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from '../../../i18n';
import { formatNumber } from '../../../lib/format';
import { useDictOptions, type DictOption } from '../../system/useDictOptions';
import { COMMUNICATION_TYPES } from '../rules';
import '../i18n';

/** Dictionary of communication types. */
export const COMMUNICATION_TYPE_DICT = 'lighting_communication_type';

/** Communication types from their dictionary (the contract's four until it arrives). */
export function useCommunicationTypes(): DictOption[] {
  const { t } = useTranslation();
  const fallback = useMemo(
    () => COMMUNICATION_TYPES.map((value) => ({ value, label: t(`lighting.communicationType.${value}`) })),
    [t],
  );
  return useDictOptions(COMMUNICATION_TYPE_DICT, fallback);
}

/** A reading with its unit, in the interface language's number format, or '-' without one. */
export function reading(value: number | null | undefined, unit: string, digits = 1): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  return `${formatNumber(value, i18n.language, digits)} ${unit}`;
}
