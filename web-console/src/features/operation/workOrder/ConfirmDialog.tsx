import { Form, Input, Rate } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/formDialog';
import { useActOnWorkOrderMutation } from '../api';
import { EVALUATION_MAX, SCORE_MAX, workOrderRules } from '../rules';
import type { WorkOrder } from '../types';
import '../i18n';

interface ConfirmValues {
  score?: number;
  evaluation?: string;
}

/** Accepts the work of an order pending confirmation: a score of 1 to 5 (required) and an evaluation. */
export default function ConfirmDialog({ order, onClose }: { order: WorkOrder; onClose: () => void }) {
  const { t } = useTranslation();
  const rules = workOrderRules(t);
  const [act] = useActOnWorkOrderMutation();
  const save = ({ score, evaluation }: ConfirmValues) =>
    act({ action: 'confirm', workOrderId: order.workOrderId, score: score ?? 0, evaluation: (evaluation ?? '').trim() }).unwrap();

  return (
    <FormDialog<ConfirmValues>
      title={t('operation.workOrder.dialog.confirm', { name: order.orderNumber })}
      name="confirmWorkOrder"
      onSave={save}
      savedMessage={t('operation.workOrder.done.confirm')}
      onClose={onClose}
    >
      <Form.Item label={t('operation.workOrder.score')} name="score" rules={rules.score} required>
        <Rate count={SCORE_MAX} />
      </Form.Item>
      <Form.Item label={t('operation.workOrder.evaluation')} name="evaluation" rules={rules.evaluation}>
        <Input.TextArea rows={4} maxLength={EVALUATION_MAX} showCount />
      </Form.Item>
    </FormDialog>
  );
}
