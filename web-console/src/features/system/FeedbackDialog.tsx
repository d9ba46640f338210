import { useState } from 'react';
import { Button, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import AppDialog from '../../components/AppDialog';
import { ListPage } from '../../components/listPage';
import { useGetMyAdvicesQuery } from './adviceApi';
import AdviceViewDialog from './advice/AdviceViewDialog';
import { useAdviceSearchFields, useMyAdviceColumns } from './advice/columns';
import SendFeedbackDialog from './advice/SendFeedbackDialog';
import type { Advice, AdviceQuery } from './types';
import './i18n';

/**
 * Every signed-in user's feedback, opened from the top bar's user menu (no permission needed):
 * their own feedback with the replies and statuses (GET /system/advice/my; a row opens it
 * whole), and "Send feedback", which opens the form (POST /system/advice); the list shows the
 * new one once sent.
 */
export default function FeedbackDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const [viewing, setViewing] = useState<Advice | undefined>();

  return (
    <AppDialog
      open
      size="half"
      title={t('system.feedback.title')}
      onCancel={onClose}
      footer={[
        <Button key="send" type="primary" icon={<EditOutlined aria-hidden />} onClick={() => setSending(true)}>
          {t('system.feedback.send')}
        </Button>,
        <Button key="close" onClick={onClose}>
          {t('system.advice.close')}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">{t('system.feedback.hint')}</Typography.Paragraph>
      <section aria-label={t('system.feedback.mine')}>
        <ListPage<Advice, AdviceQuery>
          inProject={false} rowKey="adviceId" rowName={(advice) => advice.title} useList={useGetMyAdvicesQuery}
          columns={useMyAdviceColumns()} searchFields={useAdviceSearchFields(false)} onRowClick={(advice) => setViewing(advice)}
        />
      </section>
      {sending ? <SendFeedbackDialog onClose={() => setSending(false)} /> : null}
      {viewing ? <AdviceViewDialog advice={viewing} fetch={false} onClose={() => setViewing(undefined)} /> : null}
    </AppDialog>
  );
}
