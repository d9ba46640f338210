import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dictLabel, useGetDictsQuery } from './dictApi';

export interface DictOption {
  value: string;
  label: string;
}

/**
 * A dictionary's items as options in the current language; `fallback` (already translated)
 * stands in until the dictionary arrives, or when the server has none of that type.
 */
export function useDictOptions(type: string, fallback: readonly DictOption[]): DictOption[] {
  const { i18n } = useTranslation();
  const { data } = useGetDictsQuery(type);
  return useMemo(() => {
    if (!data || data.length === 0) return [...fallback];
    return data.map((item) => ({ value: String(item.dictValue), label: dictLabel(item, i18n.language) }));
  }, [data, fallback, i18n.language]);
}

/** The label of `value` among `options`, or the value itself. */
export function optionLabel(options: readonly DictOption[], value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return options.find((option) => option.value === String(value))?.label ?? String(value);
}
