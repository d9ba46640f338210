import { DatePicker, Form, Input, InputNumber, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import FileUpload from '../../../components/FileUpload';
import { FormDialog, FormField } from '../../../components/formDialog';
import { DATE_TIME_FORMAT, type EditorDialogProps } from '../../../components/listPage';
import { useAddWorkOrderMutation } from '../api';
import { ADDRESS_MAX, ATTACHMENTS_MAX, DESCRIPTION_MAX, TYPE_ALARM, workOrderRules } from '../rules';
import type { WorkOrder } from '../types';
import { useWorkOrderQuestions, useWorkOrderTypes, useWorkOrderUrgencies } from './dicts';
import { NEW_WORK_ORDER, toChange, type WorkOrderFormValues } from './formValues';
import '../i18n';

/** Days before today cannot be picked (the time itself is checked by the rule). */
const beforeToday = (day: Dayjs) => day.isBefore(dayjs().startOf('day'));

export interface WorkOrderFormDialogProps extends EditorDialogProps<WorkOrder> {
  /** Values to start from instead of a blank reported order (an alarm's order: `fromAlarm`). */
  initialValues?: Partial<WorkOrderFormValues>;
  /** The dialog's title; '新增工单' unless given. */
  title?: string;
}

/**
 * Opens a work order by hand: type (reported unless chosen; an alarm's order names its alarm),
 * question, urgency, expected completion (not in the past), address, description, up to nine
 * pictures. The list only adds: an order changes through its actions. The real-time alarm
 * list opens it for an alarm, prefilled (`initialValues`).
 */
export default function WorkOrderFormDialog({ onClose, initialValues = NEW_WORK_ORDER, title }: WorkOrderFormDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<WorkOrderFormValues>();
  const rules = workOrderRules(t);
  const [addWorkOrder] = useAddWorkOrderMutation();
  const types = useWorkOrderTypes();
  const questions = useWorkOrderQuestions();
  const urgencies = useWorkOrderUrgencies();
  const forAlarm = Form.useWatch('orderType', form) === TYPE_ALARM;
  const save = (values: WorkOrderFormValues) => addWorkOrder(toChange(values)).unwrap();

  return (
    <FormDialog<WorkOrderFormValues> size="half" form={form} name="workOrder" title={title ?? t('operation.workOrder.dialog.add')} initialValues={initialValues} onSave={save} onClose={onClose}>
      <Row gutter={16}>
        <FormField span={8} label={t('operation.workOrder.type.title')} name="orderType" rules={rules.orderType}>
          <Select placeholder={t('common.choose')} options={types} />
        </FormField>
        <FormField span={8} label={t('operation.workOrder.question.title')} name="questionType" rules={rules.questionType}>
          <Select placeholder={t('common.choose')} options={questions} />
        </FormField>
        <FormField span={8} label={t('operation.workOrder.urgency.title')} name="urgency" rules={rules.urgency}>
          <Select placeholder={t('common.choose')} options={urgencies} />
        </FormField>
        {forAlarm ? (
          <FormField span={12} label={t('operation.workOrder.alarmId')} name="alarmId" rules={rules.alarmId} required>
            <InputNumber min={1} precision={0} style={{ width: '100%' }} />
          </FormField>
        ) : null}
        <FormField span={12} label={t('operation.workOrder.expectedTime')} name="expectedTime" rules={rules.expectedTime}>
          <DatePicker showTime format={DATE_TIME_FORMAT} disabledDate={beforeToday} style={{ width: '100%' }} />
        </FormField>
        <FormField label={t('operation.workOrder.address')} name="address" rules={rules.address}>
          <Input maxLength={ADDRESS_MAX} />
        </FormField>
        <FormField label={t('operation.workOrder.description')} name="description" rules={rules.description}>
          <Input.TextArea rows={4} maxLength={DESCRIPTION_MAX} showCount />
        </FormField>
        <FormField label={t('operation.workOrder.attachments')} name="attachments" rules={rules.attachments}>
          <FileUpload type={1} multiple maxCount={ATTACHMENTS_MAX} />
        </FormField>
      </Row>
    </FormDialog>
  );
}
