import { useEffect } from 'react';
import { DatePicker, Form, Input, Radio, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormField } from '../../../../components/formDialog';
import type { EditorDialogProps } from '../../../../components/listPage';
import { useGetInspectionPlanQuery, useSaveInspectionPlanMutation } from '../../api';
import { INSPECTION_NAME_MAX, INSPECTION_REMARK_MAX, inspectionRules } from '../../rules';
import type { InspectionPlan } from '../../types';
import { usePeriods, usePlanStatuses } from '../dicts';
import { useRouteOptions, useTeamOptions } from '../useInspection';
import { DATE_FORMAT, NEW_PLAN, toChange, toValues, type PlanFormValues } from './formValues';
import '../../i18n';

/** Days before today cannot be picked (a kept start that has passed stays as it is). */
const beforeToday = (day: Dayjs) => day.isBefore(dayjs().startOf('day'));

/**
 * Adds or edits a plan: name, route, team, period, start and end dates (required, neither in
 * the past, the start not after the end; an edit may keep a start that has passed), status
 * and remark. The job makes the plan's tasks from its start date on.
 */
export default function PlanFormDialog({ row: plan, onClose }: EditorDialogProps<InspectionPlan>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PlanFormValues>();
  const rules = inspectionRules(t);
  const routes = useRouteOptions();
  const teams = useTeamOptions();
  const periods = usePeriods();
  const statuses = usePlanStatuses();
  const { data: detail } = useGetInspectionPlanQuery(plan?.planId ?? 0, { skip: !plan, refetchOnMountOrArgChange: true });
  const [savePlan] = useSaveInspectionPlanMutation();
  const start = Form.useWatch('startDate', form);
  // the start the plan has, which an edit may keep though it has passed
  const keptStart = (detail ?? plan)?.startDate || undefined;

  useEffect(() => {
    if (detail) form.setFieldsValue(toValues(detail));
  }, [form, detail]);

  const save = (values: PlanFormValues) => savePlan({ ...toChange(values), planId: plan?.planId }).unwrap();

  return (
    <FormDialog<PlanFormValues> size="half" form={form} name="inspectionPlan" editing={plan !== undefined} onSave={save} onClose={onClose}
      title={plan ? t('operation.inspection.plan.editTitle') : t('operation.inspection.plan.addTitle')} initialValues={plan ? toValues(plan) : NEW_PLAN}>
      <Row gutter={16}>
        <FormField label={t('operation.inspection.plan.name')} name="planName" rules={rules.planName}>
          <Input maxLength={INSPECTION_NAME_MAX} />
        </FormField>
        <FormField span={12} label={t('operation.inspection.plan.route')} name="routeId" rules={rules.route}>
          <Select showSearch optionFilterProp="label" loading={routes.loading} placeholder={t('common.choose')} options={routes.options} />
        </FormField>
        <FormField span={12} label={t('operation.inspection.plan.team')} name="teamId" rules={rules.team}>
          <Select showSearch optionFilterProp="label" loading={teams.loading} placeholder={t('common.choose')} options={teams.options} />
        </FormField>
        <FormField span={12} label={t('operation.inspection.period.title')} name="period" rules={rules.period}>
          <Select placeholder={t('common.choose')} options={periods} />
        </FormField>
        <FormField span={12} label={t('operation.inspection.planStatus.title')} name="status">
          <Radio.Group options={statuses} />
        </FormField>
        <FormField span={12} label={t('operation.inspection.plan.startDate')} name="startDate" rules={rules.startDate(keptStart)} required>
          <DatePicker format={DATE_FORMAT} disabledDate={beforeToday} style={{ width: '100%' }} />
        </FormField>
        <FormField span={12} label={t('operation.inspection.plan.endDate')} name="endDate" rules={rules.endDate} dependencies={['startDate']} required>
          <DatePicker format={DATE_FORMAT} style={{ width: '100%' }}
            disabledDate={(day) => beforeToday(day) || (dayjs.isDayjs(start) && day.isBefore(start.startOf('day')))} />
        </FormField>
        <FormField label={t('operation.inspection.remark')} name="remark" rules={rules.remark}>
          <Input.TextArea maxLength={INSPECTION_REMARK_MAX} rows={3} />
        </FormField>
      </Row>
    </FormDialog>
  );
}
