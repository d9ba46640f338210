import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDictOptions, type DictOption } from '../useDictOptions';
import '../i18n';

/** sys_yes_no: "Y" yes, "N" no (RuoYi's switches: a parameter built in, an item the default). */
export function useYesNo(): DictOption[] {
  const { t } = useTranslation();
  const fallback = useMemo(() => [{ value: 'Y', label: t('common.yes') }, { value: 'N', label: t('common.no') }], [t]);
  return useDictOptions('sys_yes_no', fallback);
}
