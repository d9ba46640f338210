import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDictOptions, type DictOption } from '../../system/useDictOptions';
import '../i18n';

export const ALARM_LEVEL_DICT = 'alarm_level';
export const ALARM_STATUS_DICT = 'alarm_status';

/** Spec section 9: serious, main, secondary. */
export const ALARM_LEVELS = ['1', '2', '3'] as const;
/** Spec section 4: not processed, processing, processed, closed, restored. */
export const ALARM_STATUSES = ['0', '1', '2', '3', '4'] as const;
/** Statuses of an open alarm (the real-time list's filter). */
export const OPEN_STATUSES = ['0', '1'] as const;

export const LEVEL_COLOURS: Readonly<Record<string, string>> = { '1': 'red', '2': 'orange', '3': 'gold' };
export const STATUS_COLOURS: Readonly<Record<string, string>> = {
  '0': 'error',
  '1': 'processing',
  '2': 'success',
  '3': 'default',
  '4': 'cyan',
};

function useFallback(kind: 'level' | 'status', values: readonly string[]): DictOption[] {
  const { t } = useTranslation();
  return useMemo(() => values.map((value) => ({ value, label: t(`alarm.${kind}.${value as '1'}`) })), [t, kind, values]);
}

export function useAlarmLevels(): DictOption[] {
  return useDictOptions(ALARM_LEVEL_DICT, useFallback('level', ALARM_LEVELS));
}

export function useAlarmStatuses(): DictOption[] {
  return useDictOptions(ALARM_STATUS_DICT, useFallback('status', ALARM_STATUSES));
}
