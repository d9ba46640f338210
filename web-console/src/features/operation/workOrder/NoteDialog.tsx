import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/formDialog';
import { useActOnWorkOrderMutation } from '../api';
import { NOTE_MAX, workOrderRules } from '../rules';
import type { WorkOrder } from '../types';
import '../i18n';

export interface NoteDialogProps {
  order: WorkOrder;
  /** The handler's work is done, or the order goes back a step. */
  action: 'complete' | 'return';
  onClose: () => void;
}

/** Completes or returns an order with a note (required, at most 500 characters). */
export default function NoteDialog({ order, action, onClose }: NoteDialogProps) {
  const { t } = useTranslation();
  const rules = workOrderRules(t);
  const [act] = useActOnWorkOrderMutation();
  const save = ({ note }: { note: string }) => act({ action, workOrderId: order.workOrderId, note: note.trim() }).unwrap();

  return (
    <FormDialog<{ note: string }>
      title={t(`operation.workOrder.dialog.${action}`, { name: order.orderNumber })}
      name={`${action}WorkOrder`}
      onSave={save}
      savedMessage={t(`operation.workOrder.done.${action}`)}
      onClose={onClose}
    >
      <Form.Item label={t('operation.workOrder.note')} name="note" rules={rules.note}>
        <Input.TextArea rows={4} maxLength={NOTE_MAX} showCount />
      </Form.Item>
    </FormDialog>
  );
}
