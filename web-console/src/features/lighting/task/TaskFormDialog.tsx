import { Alert, Checkbox, DatePicker, Form, Input, InputNumber, Row, Select, Space, TimePicker } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormField } from '../../../components/formDialog';
import type { EditorDialogProps } from '../../../components/listPage';
import { useAddTaskMutation, useUpdateTaskMutation } from '../api';
import { isCombinedAlone, REMARK_MAX, TASK_NAME_MAX, taskRules, WEEKDAYS } from '../rules';
import { useGatewayChoices, useTaskSceneChoices } from '../shared/choices';
import type { Task } from '../types';
import { CLOCK, DAY_TIME_TYPES, NEW_TASK, toChange, toValues, type TaskFormValues } from './formValues';
import '../i18n';

/** The names of a task's lists, paired with their ids (so the pickers name what is beyond their first page). */
function named<N>(ids: readonly number[], names: readonly string[], make: (id: number, name: string) => N): N[] {
  return ids.map((id, index) => make(id, names[index] ?? String(id)));
}

/**
 * Adds or edits a task: name, priority (0 to 255), days (an optional date range, the weekdays),
 * start and end (a clock time, or sunrise or sunset moved by -180 to 180 minutes), the scenes
 * in the order they apply (power scenes, or one combined scene alone), the gateways, a remark.
 * The rules mirror the server's; an enabled task is refused by the server, whose message shows.
 */
export default function TaskFormDialog({ row: task, onClose }: EditorDialogProps<Task>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TaskFormValues>();
  const rules = taskRules(t);
  const scenes = useTaskSceneChoices(task ? named(task.sceneIds, task.sceneNames, (sceneId, sceneName) => ({ sceneId, sceneName })) : []);
  const gateways = useGatewayChoices(task ? named(task.gatewayIds, task.gatewayNames, (gatewayId, gatewayName) => ({ gatewayId, gatewayName })) : []);
  const [addTask] = useAddTaskMutation();
  const [updateTask] = useUpdateTaskMutation();

  const save = async (values: TaskFormValues) => {
    const change = toChange(values);
    if (task) await updateTask({ ...change, taskId: task.taskId }).unwrap();
    else await addTask(change).unwrap();
  };

  return (
    <FormDialog<TaskFormValues> size="half" form={form} name="task" editing={task !== undefined} onSave={save} onClose={onClose}
      title={task ? t('lighting.task.editTitle') : t('lighting.task.addTitle')} initialValues={task ? toValues(task) : NEW_TASK}>
      {task?.enabled === '1' ? <Alert type="warning" showIcon message={t('lighting.task.enabledLocked')} style={{ marginBottom: 16 }} /> : null}
      <Row gutter={16}>
        <FormField span={12} label={t('lighting.task.name')} name="taskName" rules={rules.taskName} required>
          <Input maxLength={TASK_NAME_MAX} placeholder={t('lighting.task.namePlaceholder')} />
        </FormField>
        <FormField span={12} label={t('lighting.task.priority')} name="priority" rules={rules.priority} required tooltip={t('lighting.task.priorityHint')}>
          <InputNumber style={{ width: '100%' }} />
        </FormField>
        <FormField span={12} label={t('lighting.task.dateRange')} name="dateRange" tooltip={t('lighting.task.dateRangeHint')}>
          <DatePicker.RangePicker allowEmpty={[true, true]} format="YYYY-MM-DD" style={{ width: '100%' }} />
        </FormField>
        <FormField span={12} label={t('lighting.task.weekdays')} name="weekdays" rules={rules.weekdays} required>
          <Checkbox.Group options={WEEKDAYS.map((day) => ({ value: day, label: t(`lighting.task.weekday.${day}`) }))} />
        </FormField>
        <DayTimeField which="start" />
        <DayTimeField which="end" />
      </Row>
      <Form.Item
        label={t('lighting.task.scenes')}
        name="sceneIds"
        required
        extra={t('lighting.task.scenesHint')}
        rules={[
          ...rules.scenes,
          {
            validator: (_rule, value: unknown) =>
              !Array.isArray(value) || isCombinedAlone(value as number[], scenes.isCombined) ? Promise.resolve() : Promise.reject(new Error(rules.combinedAlone)),
          },
        ]}
      >
        <Select mode="multiple" showSearch optionFilterProp="label" loading={scenes.loading} options={scenes.choices} placeholder={t('common.choose')} />
      </Form.Item>
      <Form.Item label={t('lighting.task.gateways')} name="gatewayIds" rules={rules.gateways} required>
        <Select mode="multiple" showSearch optionFilterProp="label" maxTagCount="responsive" loading={gateways.loading} options={gateways.choices}
          placeholder={t('common.choose')} />
      </Form.Item>
      <Form.Item label={t('lighting.task.remark')} name="remark" rules={rules.remark}>
        <Input.TextArea maxLength={REMARK_MAX} rows={2} />
      </Form.Item>
    </FormDialog>
  );
}

/** A start or an end: its kind, then a clock time (HH:mm) or the minutes from sunrise or sunset. */
function DayTimeField({ which }: { which: 'start' | 'end' }) {
  const { t } = useTranslation();
  const rules = taskRules(t);
  const form = Form.useFormInstance<TaskFormValues>();
  const type = Form.useWatch(`${which}Type`, form);
  const label = t(`lighting.task.${which}`);
  return (
    <FormField span={12} label={label} required>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name={`${which}Type`} noStyle rules={rules.dayTimeType}>
          <Select style={{ width: '45%' }} aria-label={t(`lighting.task.${which}Type`)}
            options={DAY_TIME_TYPES.map((value) => ({ value, label: t(`lighting.task.dayTimeType.${value}`) }))} />
        </Form.Item>
        {type === CLOCK ? (
          <Form.Item name={`${which}Time`} noStyle rules={rules.clock}>
            <TimePicker format="HH:mm" needConfirm={false} style={{ width: '55%' }} aria-label={t(`lighting.task.${which}Time`)} />
          </Form.Item>
        ) : (
          <Form.Item name={`${which}Offset`} noStyle rules={rules.offset}>
            <InputNumber style={{ width: '55%' }} aria-label={t(`lighting.task.${which}Offset`)} placeholder={t('lighting.task.offsetPlaceholder')} />
          </Form.Item>
        )}
      </Space.Compact>
    </FormField>
  );
}
