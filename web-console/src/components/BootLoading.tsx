import { useTranslation } from 'react-i18next';

/**
 * Shown while the first route loads. Plain markup and a CSS spinner (index.css): it is part
 * of the entry bundle, which the sign-in page loads too.
 */
export default function BootLoading() {
  const { t } = useTranslation();
  return (
    <div className="boot-loading" role="status" aria-label={t('common.loading')}>
      <span className="boot-loading__spinner" aria-hidden />
    </div>
  );
}
