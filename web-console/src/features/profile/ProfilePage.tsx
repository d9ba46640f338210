import { useTranslation } from 'react-i18next';
import NotAvailablePage from '../notAvailable/NotAvailablePage';

/** Personal center (/user/profile); its content comes with a later issue. */
export default function ProfilePage() {
  const { t } = useTranslation();
  return <NotAvailablePage title={t('profile.title')} />;
}
