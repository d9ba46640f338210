import { useEffect } from 'react';
import { DatePicker, Form, Input, Row, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormField } from '../../../../components/formDialog';
import type { EditorDialogProps } from '../../../../components/listPage';
import { useGetMaintenancePlanQuery, useSaveMaintenancePlanMutation } from '../../api';
import { MAINTENANCE_NAME_MAX, MAINTENANCE_TEXT_MAX, maintenanceRules } from '../../rules';
import type { MaintenancePlan } from '../../types';
import { useContractOptions } from '../useMaintenance';
import { DATE_FORMAT, isDayOff, toChange, toValues, type PlanFormValues } from './formValues';
import '../../i18n';

/**
 * Adds or edits an unfinished plan: its name, the contract (an ended one takes no new plan),
 * the plan date (required, not in the past and within the contract's dates; an edit may keep
 * a date that has passed) and the content. Editing reads the plan afresh
 * (GET /operation/maintenance/plan/{id}).
 */
export default function PlanFormDialog({ row: plan, onClose }: EditorDialogProps<MaintenancePlan>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PlanFormValues>();
  const rules = maintenanceRules(t);
  const { data: detail } = useGetMaintenancePlanQuery(plan?.planId ?? 0, { skip: !plan, refetchOnMountOrArgChange: true });
  const [savePlan] = useSaveMaintenancePlanMutation();
  const contracts = useContractOptions({ endedDisabled: true, keep: plan?.contractId });
  const contractId = Form.useWatch('contractId', form);
  const contract = contractId === undefined ? undefined : contracts.byId.get(contractId);
  // the date the plan has, which an edit may keep though it has passed
  const keptDate = (detail ?? plan)?.planDate || undefined;

  useEffect(() => {
    if (detail) form.setFieldsValue(toValues(detail));
  }, [form, detail]);

  const save = (values: PlanFormValues) => savePlan({ ...toChange(values), planId: plan?.planId }).unwrap();

  return (
    <FormDialog<PlanFormValues> form={form} name="maintenancePlan" editing={plan !== undefined} onSave={save} onClose={onClose}
      title={plan ? t('operation.maintenance.plan.editTitle') : t('operation.maintenance.plan.addTitle')} initialValues={plan ? toValues(plan) : undefined}>
      <Row gutter={16}>
        <FormField label={t('operation.maintenance.plan.name')} name="planName" rules={rules.planName}>
          <Input maxLength={MAINTENANCE_NAME_MAX} />
        </FormField>
        <FormField label={t('operation.maintenance.plan.contract')} name="contractId" rules={rules.contract}>
          <Select showSearch optionFilterProp="label" loading={contracts.loading} placeholder={t('common.choose')} options={contracts.options} />
        </FormField>
        <FormField label={t('operation.maintenance.plan.planDate')} name="planDate" rules={rules.planDate(keptDate, contract)} dependencies={['contractId']} required
          extra={contract ? t('operation.maintenance.plan.contractDates', { start: contract.startDate, end: contract.endDate }) : t('operation.maintenance.plan.chooseContractFirst')}>
          <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} disabledDate={(day) => isDayOff(day, dayjs(), contract, keptDate)} />
        </FormField>
        <FormField label={t('operation.maintenance.plan.content')} name="content" rules={rules.content}>
          <Input.TextArea maxLength={MAINTENANCE_TEXT_MAX} rows={3} />
        </FormField>
      </Row>
    </FormDialog>
  );
}
