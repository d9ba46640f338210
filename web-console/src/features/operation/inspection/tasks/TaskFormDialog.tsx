import { DatePicker, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormField } from '../../../../components/formDialog';
import { DATE_TIME_FORMAT, type EditorDialogProps } from '../../../../components/listPage';
import { useAddInspectionTaskMutation } from '../../api';
import { inspectionRules, TASK_NAME_MAX } from '../../rules';
import type { InspectionTask } from '../../types';
import { useRouteOptions, useTeamOptions } from '../useInspection';
import { toChange, type TaskFormValues } from './formValues';
import '../../i18n';

/**
 * Adds a task by hand: name, route, team, start and end times (both required, the start not
 * later than the end). Tasks change only by being dealt with: the list only adds.
 */
export default function TaskFormDialog({ onClose }: EditorDialogProps<InspectionTask>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TaskFormValues>();
  const rules = inspectionRules(t);
  const routes = useRouteOptions();
  const teams = useTeamOptions();
  const [addTask] = useAddInspectionTaskMutation();
  const save = (values: TaskFormValues) => addTask(toChange(values)).unwrap();

  return (
    <FormDialog<TaskFormValues> size="half" form={form} name="inspectionTask" title={t('operation.inspection.task.addTitle')} onSave={save} onClose={onClose}>
      <Row gutter={16}>
        <FormField label={t('operation.inspection.task.name')} name="taskName" rules={rules.taskName}>
          <Input maxLength={TASK_NAME_MAX} />
        </FormField>
        <FormField span={12} label={t('operation.inspection.task.route')} name="routeId" rules={rules.route}>
          <Select showSearch optionFilterProp="label" loading={routes.loading} placeholder={t('common.choose')} options={routes.options} />
        </FormField>
        <FormField span={12} label={t('operation.inspection.task.team')} name="teamId" rules={rules.team}>
          <Select showSearch optionFilterProp="label" loading={teams.loading} placeholder={t('common.choose')} options={teams.options} />
        </FormField>
        <FormField span={12} label={t('operation.inspection.task.startTime')} name="startTime" rules={rules.startTime}>
          <DatePicker showTime format={DATE_TIME_FORMAT} style={{ width: '100%' }} />
        </FormField>
        <FormField span={12} label={t('operation.inspection.task.endTime')} name="endTime" rules={rules.endTime} dependencies={['startTime']} required>
          <DatePicker showTime format={DATE_TIME_FORMAT} style={{ width: '100%' }} />
        </FormField>
      </Row>
    </FormDialog>
  );
}
