import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../../routes/paths';

export default function UnauthorizedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="401"
      subTitle={t('errors.pageUnauthorized')}
      extra={
        <Button type="primary" onClick={() => void navigate(HOME_PATH)}>
          {t('notAvailable.backHome')}
        </Button>
      }
    />
  );
}
