import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../components/formDialog';
import { useFinishMaintenancePlanMutation } from '../../api';
import { MAINTENANCE_TEXT_MAX, maintenanceRules } from '../../rules';
import type { MaintenancePlan } from '../../types';
import '../../i18n';

/** Records an unfinished plan as done: asks what was done (required, at most 500 characters). */
export default function FinishDialog({ plan, onClose }: { plan: MaintenancePlan; onClose: () => void }) {
  const { t } = useTranslation();
  const rules = maintenanceRules(t);
  const [finish] = useFinishMaintenancePlanMutation();
  const save = ({ result }: { result: string }) => finish({ planId: plan.planId, result: result.trim() }).unwrap();

  return (
    <FormDialog<{ result: string }>
      title={t('operation.maintenance.plan.finishTitle', { name: plan.planName })}
      name="finishMaintenancePlan"
      onSave={save}
      savedMessage={t('operation.maintenance.plan.finished')}
      onClose={onClose}
    >
      <Form.Item label={t('operation.maintenance.plan.result')} name="result" rules={rules.result}>
        <Input.TextArea rows={4} maxLength={MAINTENANCE_TEXT_MAX} showCount />
      </Form.Item>
    </FormDialog>
  );
}
