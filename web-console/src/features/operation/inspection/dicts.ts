import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDictOptions, type DictOption } from '../../system/useDictOptions';
import { PERIODS, TASK_STATUSES } from '../rules';
import '../i18n';

export const TASK_STATUS_DICT = 'inspection_task_status';
export const PERIOD_DICT = 'inspection_period';
export const RESULT_DICT = 'inspection_result';
export const POINT_TYPE_DICT = 'inspection_point_type';
/** A plan's status: "0" enabled, "1" disabled. */
export const PLAN_STATUS_DICT = 'sys_normal_disable';

const RESULTS = ['1', '2'] as const;
const POINT_TYPES = ['1', '2'] as const;
const PLAN_STATUSES = ['0', '1'] as const;

export const TASK_STATUS_COLOURS: Readonly<Record<string, string>> = { '0': 'warning', '1': 'processing', '2': 'success', '3': 'default' };
export const RESULT_COLOURS: Readonly<Record<string, string>> = { '1': 'success', '2': 'error' };

type Kind = 'taskStatus' | 'period' | 'result' | 'pointType' | 'planStatus';

/** The module's own labels, standing in until the dictionary arrives (or when the server has none). */
function useFallback(kind: Kind, values: readonly string[]): DictOption[] {
  const { t } = useTranslation();
  return useMemo(() => values.map((value) => ({ value, label: t(`operation.inspection.${kind}.${value as '1'}`) })), [t, kind, values]);
}

/** inspection_task_status: "0" undoing, "1" doing, "2" finished, "3" expired. */
export function useTaskStatuses(): DictOption[] {
  return useDictOptions(TASK_STATUS_DICT, useFallback('taskStatus', TASK_STATUSES));
}

/** inspection_period: "1" daily, "2" weekly, "3" monthly. */
export function usePeriods(): DictOption[] {
  return useDictOptions(PERIOD_DICT, useFallback('period', PERIODS));
}

/** inspection_result: "1" normal, "2" abnormal. */
export function useResults(): DictOption[] {
  return useDictOptions(RESULT_DICT, useFallback('result', RESULTS));
}

/** inspection_point_type: "1" device, "2" address. */
export function usePointTypes(): DictOption[] {
  return useDictOptions(POINT_TYPE_DICT, useFallback('pointType', POINT_TYPES));
}

/** sys_normal_disable, a plan's status: "0" enabled, "1" disabled. */
export function usePlanStatuses(): DictOption[] {
  return useDictOptions(PLAN_STATUS_DICT, useFallback('planStatus', PLAN_STATUSES));
}
