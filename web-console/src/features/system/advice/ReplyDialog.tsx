import { Input, Radio, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormField } from '../../../components/formDialog';
import { useReplyAdviceMutation } from '../adviceApi';
import { ADVICE_TEXT_MAX, charCount, replyRules } from '../rules';
import AsEntered from '../../../components/AsEntered';
import { useAdviceStatuses } from '../shared/dicts';
import type { Advice } from '../types';
import { replyValues, toReply, type ReplyFormValues } from './formValues';
import '../i18n';

/**
 * Replies to a piece of feedback and sets its status (PUT /system/advice/reply): the feedback
 * as its sender wrote it above, the reply (1 to 2,000 characters, as the server counts them)
 * and the status of sys_advice_status.
 */
export default function ReplyDialog({ advice, onClose }: { advice: Advice; onClose: () => void }) {
  const { t } = useTranslation();
  const rules = replyRules(t);
  const statuses = useAdviceStatuses();
  const [reply] = useReplyAdviceMutation();

  return (
    <FormDialog<ReplyFormValues> size="half" name="adviceReply" onClose={onClose} title={t('system.advice.replyTitle')} savedMessage={t('system.advice.replied')}
      initialValues={replyValues(advice)} onSave={(values) => reply(toReply(values, advice)).unwrap()}>
      <Row gutter={16}>
        <FormField span={12} label={t('system.advice.title')}>
          <AsEntered text={advice.title} />
        </FormField>
        <FormField span={12} label={t('system.advice.userName')}>
          <AsEntered text={advice.userName} />
        </FormField>
        <FormField label={t('system.advice.content')}>
          <span translate="no" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {advice.content}
          </span>
        </FormField>
        <FormField label={t('system.advice.reply')} name="reply" rules={rules.reply} required>
          <Input.TextArea rows={5} count={{ show: true, max: ADVICE_TEXT_MAX, strategy: charCount }} />
        </FormField>
        <FormField label={t('system.advice.status')} name="status">
          <Radio.Group options={statuses} />
        </FormField>
      </Row>
    </FormDialog>
  );
}
