import { Button, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import AppDialog from '../../../components/AppDialog';
import { useGetAdviceQuery } from '../adviceApi';
import type { Advice } from '../types';
import AdviceDetails from './AdviceDetails';
import '../i18n';

/**
 * A piece of feedback with its reply. An administrator's view reads it afresh
 * (GET /system/advice/{adviceId}); a sender's own (`fetch` false) is the row they clicked,
 * GET /system/advice/my having answered everything.
 */
export default function AdviceViewDialog({ advice, fetch = true, onClose }: { advice: Advice; fetch?: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, isFetching } = useGetAdviceQuery(advice.adviceId, { skip: !fetch, refetchOnMountOrArgChange: true });
  return (
    <AppDialog
      open
      size="half"
      title={t('system.advice.detailTitle')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('system.advice.close')}</Button>}
    >
      <Spin spinning={fetch && isFetching}>
        <AdviceDetails advice={(fetch ? data : undefined) ?? advice} withSender={fetch} />
      </Spin>
    </AppDialog>
  );
}
