import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/formDialog';
import { useActOnWorkOrderMutation } from '../api';
import { CLOSE_REASON_MAX, workOrderRules } from '../rules';
import type { WorkOrder } from '../types';
import '../i18n';

/** Closes an open order without the work; asks the reason (1 to 200 characters). */
export default function CloseDialog({ order, onClose }: { order: WorkOrder; onClose: () => void }) {
  const { t } = useTranslation();
  const rules = workOrderRules(t);
  const [act] = useActOnWorkOrderMutation();
  const save = ({ closeReason }: { closeReason: string }) => act({ action: 'close', workOrderId: order.workOrderId, closeReason: closeReason.trim() }).unwrap();

  return (
    <FormDialog<{ closeReason: string }>
      title={t('operation.workOrder.dialog.close', { name: order.orderNumber })}
      name="closeWorkOrder"
      onSave={save}
      savedMessage={t('operation.workOrder.done.close')}
      onClose={onClose}
    >
      <Form.Item label={t('operation.workOrder.closeReason')} name="closeReason" rules={rules.closeReason}>
        <Input.TextArea rows={4} maxLength={CLOSE_REASON_MAX} showCount />
      </Form.Item>
    </FormDialog>
  );
}
