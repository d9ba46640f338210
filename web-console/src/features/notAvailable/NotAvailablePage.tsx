import { Button, Result, Typography } from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { RoutePageProps } from '../../routes/pageProps';
import { HOME_PATH, routeTitle } from '../../routes/menu';

export interface NotAvailablePageProps extends RoutePageProps {
  /** Module name when not given by a server route. */
  title?: string;
}

/** "This module is not available yet": what every not-yet-built page shows. */
export default function NotAvailablePage({ route, title }: NotAvailablePageProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const moduleName = title ?? routeTitle(route?.meta, i18n.language);
  return (
    <Result
      icon={<AppstoreOutlined />}
      title={
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t('notAvailable.title')}
        </Typography.Title>
      }
      subTitle={
        <>
          {moduleName ? <div>{t('notAvailable.module', { name: moduleName })}</div> : null}
          <div>{t('notAvailable.description')}</div>
        </>
      }
      extra={
        <Button type="primary" onClick={() => void navigate(HOME_PATH)}>
          {t('notAvailable.backHome')}
        </Button>
      }
    />
  );
}
