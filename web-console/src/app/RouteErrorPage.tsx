import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** Last resort when a route fails to load or render: never a blank screen. */
export default function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  const detail = error instanceof Error ? error.message : undefined;
  // Plain markup: this page is in the entry bundle, which the sign-in page also loads.
  return (
    <Flex vertical align="center" justify="center" gap={16} style={{ minHeight: '100%', padding: 24 }} role="alert">
      <h1 style={{ margin: 0, fontSize: 22 }}>{t('errors.pageFailed')}</h1>
      {detail ? <p style={{ margin: 0, color: 'rgba(0, 0, 0, 0.45)' }}>{detail}</p> : null}
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </Button>
    </Flex>
  );
}
