import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDictOptions, type DictOption } from '../../system/useDictOptions';
import { CONTRACT_STATES, MAINTENANCE_STATUSES } from '../rules';
import '../i18n';

export const STATUS_DICT = 'maintenance_status';
export const CONTRACT_STATE_DICT = 'maintenance_contract_state';

/** Unfinished orange, finished green. */
export const STATUS_COLOURS: Readonly<Record<string, string>> = { '0': 'warning', '1': 'success' };
/** In force green, near its end orange, ended grey, not started blue. */
export const CONTRACT_STATE_COLOURS: Readonly<Record<string, string>> = { '0': 'success', '1': 'warning', '2': 'default', '3': 'processing' };

type Kind = 'status' | 'contractState';

/** The module's own labels, standing in until the dictionary arrives (or when the server has none). */
function useFallback(kind: Kind, values: readonly string[]): DictOption[] {
  const { t } = useTranslation();
  return useMemo(() => values.map((value) => ({ value, label: t(`operation.maintenance.${kind}.${value as '0'}`) })), [t, kind, values]);
}

/** maintenance_status: "0" unfinished, "1" finished. */
export function useMaintenanceStatuses(): DictOption[] {
  return useDictOptions(STATUS_DICT, useFallback('status', MAINTENANCE_STATUSES));
}

/** maintenance_contract_state: "0" in force, "1" near its end, "2" ended, "3" not started. */
export function useContractStates(): DictOption[] {
  return useDictOptions(CONTRACT_STATE_DICT, useFallback('contractState', CONTRACT_STATES));
}

/** The days left to a contract's end, as words ("12 days left", "ends today"). */
export function useDaysLeft(): (days: number) => string {
  const { t } = useTranslation();
  return (days) => {
    if (days <= 0) return t('operation.maintenance.contract.endsToday');
    if (days === 1) return t('operation.maintenance.contract.oneDayLeft');
    return t('operation.maintenance.contract.daysLeft', { days });
  };
}
