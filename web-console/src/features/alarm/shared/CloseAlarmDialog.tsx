import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/formDialog';
import { useCloseAlarmMutation } from '../api';
import type { Alarm } from '../types';
import '../i18n';

export const CLOSE_REASON_MAX = 200;

/** Closes an open alarm; asks the reason (1 to 200 characters). */
export default function CloseAlarmDialog({ alarm, onClose }: { alarm: Alarm; onClose: () => void }) {
  const { t } = useTranslation();
  const [closeAlarm] = useCloseAlarmMutation();
  const save = ({ closeReason }: { closeReason: string }) => closeAlarm({ alarmId: alarm.alarmId, closeReason: closeReason.trim() }).unwrap();

  return (
    <FormDialog title={t('alarm.closeTitle', { name: alarm.alarmName })} name="closeAlarm" onSave={save} savedMessage={t('alarm.closed')} onClose={onClose}>
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
    </FormDialog>
  );
}
