import { Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormField } from '../../../components/formDialog';
import { useSendAdviceMutation } from '../adviceApi';
import { ADVICE_TEXT_MAX, ADVICE_TITLE_MAX, adviceRules, charCount } from '../rules';
import { toSend, type FeedbackFormValues } from './formValues';
import '../i18n';

/**
 * Sends feedback (POST /system/advice, any signed-in user): a title of 1 to 100 characters and
 * the text, 1 to 2,000, counted and checked as the server does before anything is sent.
 */
export default function SendFeedbackDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const rules = adviceRules(t);
  const [send] = useSendAdviceMutation();

  return (
    <FormDialog<FeedbackFormValues> name="feedback" onClose={onClose} title={t('system.feedback.sendTitle')} savedMessage={t('system.feedback.sent')}
      onSave={(values) => send(toSend(values)).unwrap()}>
      <Row gutter={16}>
        <FormField label={t('system.advice.title')} name="title" rules={rules.title} required>
          <Input placeholder={t('system.feedback.titlePlaceholder')} count={{ show: true, max: ADVICE_TITLE_MAX, strategy: charCount }} />
        </FormField>
        <FormField label={t('system.advice.content')} name="content" rules={rules.content} required>
          <Input.TextArea rows={6} placeholder={t('system.feedback.contentPlaceholder')} count={{ show: true, max: ADVICE_TEXT_MAX, strategy: charCount }} />
        </FormField>
      </Row>
    </FormDialog>
  );
}
