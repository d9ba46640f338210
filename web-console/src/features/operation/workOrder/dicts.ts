import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDictOptions, type DictOption } from '../../system/useDictOptions';
import '../i18n';

export const STATUS_DICT = 'work_order_status';
export const TYPE_DICT = 'work_order_type';
export const QUESTION_DICT = 'work_order_question';
export const URGENCY_DICT = 'work_order_urgency';

const STATUSES = ['0', '1', '2', '3', '4'] as const;
const TYPES = ['1', '2', '3'] as const;
const QUESTIONS = ['1', '2', '3', '4', '5'] as const;
const URGENCIES = ['1', '2', '3', '4'] as const;

export const STATUS_COLOURS: Readonly<Record<string, string>> = {
  '0': 'warning',
  '1': 'processing',
  '2': 'purple',
  '3': 'success',
  '4': 'default',
};
export const URGENCY_COLOURS: Readonly<Record<string, string>> = { '1': 'red', '2': 'orange', '3': 'blue', '4': 'default' };

type Kind = 'status' | 'type' | 'question' | 'urgency';

/** The module's own labels, standing in until the dictionary arrives (or when the server has none). */
function useFallback(kind: Kind, values: readonly string[]): DictOption[] {
  const { t } = useTranslation();
  return useMemo(() => values.map((value) => ({ value, label: t(`operation.workOrder.${kind}.${value as '1'}`) })), [t, kind, values]);
}

export function useWorkOrderStatuses(): DictOption[] {
  return useDictOptions(STATUS_DICT, useFallback('status', STATUSES));
}

export function useWorkOrderTypes(): DictOption[] {
  return useDictOptions(TYPE_DICT, useFallback('type', TYPES));
}

export function useWorkOrderQuestions(): DictOption[] {
  return useDictOptions(QUESTION_DICT, useFallback('question', QUESTIONS));
}

export function useWorkOrderUrgencies(): DictOption[] {
  return useDictOptions(URGENCY_DICT, useFallback('urgency', URGENCIES));
}
