import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../../routes/paths';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('errors.pageNotFound')}
      extra={
        <Button type="primary" onClick={() => void navigate(HOME_PATH)}>
          {t('notAvailable.backHome')}
        </Button>
      }
    />
  );
}
