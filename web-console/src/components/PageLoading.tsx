import { Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Placeholder while a page's code or data loads. */
export default function PageLoading() {
  const { t } = useTranslation();
  return (
    <Flex align="center" justify="center" style={{ minHeight: 240, height: '100%' }} role="status" aria-label={t('common.loading')}>
      <Spin />
    </Flex>
  );
}
