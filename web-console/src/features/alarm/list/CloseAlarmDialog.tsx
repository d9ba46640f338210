import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../app/feedback';
import AppDialog from '../../../components/AppDialog';
import { useCloseAlarmMutation } from '../api';
import type { Alarm } from '../types';
import '../i18n';

export const CLOSE_REASON_MAX = 200;

/** Closes an open alarm; asks the reason (1 to 200 characters). */
export default function CloseAlarmDialog({ alarm, onClose }: { alarm: Alarm; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ closeReason: string }>();
  const [closeAlarm, { isLoading }] = useCloseAlarmMutation();

  const submit = async ({ closeReason }: { closeReason: string }) => {
    try {
      await closeAlarm({ alarmId: alarm.alarmId, closeReason: closeReason.trim() }).unwrap();
      showMessage('success', t('alarm.closed'));
      onClose();
    } catch {
      // the client showed the server's message
    }
  };

  return (
    <AppDialog
      open
      title={t('alarm.closeTitle', { name: alarm.alarmName })}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={isLoading}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" name="closeAlarm" onFinish={(values) => void submit(values)}>
        <Form.Item
          label={t('alarm.closeReason')}
          name="closeReason"
          rules={[
            { required: true, whitespace: true, message: t('alarm.closeReasonRequired') },
            { max: CLOSE_REASON_MAX, message: t('alarm.closeReasonLength', { max: CLOSE_REASON_MAX }) },
          ]}
        >
          <Input.TextArea rows={4} maxLength={CLOSE_REASON_MAX} showCount />
        </Form.Item>
      </Form>
    </AppDialog>
  );
}
