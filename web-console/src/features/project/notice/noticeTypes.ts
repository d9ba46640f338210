import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDictOptions } from '../../system/useDictOptions';

/** Notice types (RuoYi's sys_notice_type): '1' notice, '2' announcement. */
export function useNoticeTypes() {
  const { t } = useTranslation();
  const fallback = useMemo(
    () => [
      { value: '1', label: t('project.notice.typeOf.1') },
      { value: '2', label: t('project.notice.typeOf.2') },
    ],
    [t],
  );
  return useDictOptions('sys_notice_type', fallback);
}
