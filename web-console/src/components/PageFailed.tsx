import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A page that could not load or render, with a reload button: never a blank screen. Plain
 * markup: the entry bundle, which the sign-in page loads too, holds it.
 */
export default function PageFailed({ detail }: { detail?: string }) {
  const { t } = useTranslation();
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
