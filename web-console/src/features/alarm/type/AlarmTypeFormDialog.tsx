import { Form, Input, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormField } from '../../../components/formDialog';
import type { EditorDialogProps } from '../../../components/listPage';
import { useAddAlarmTypeMutation, useUpdateAlarmTypeMutation } from '../api';
import { alarmTypeRules, ALARM_CONTENT_MAX, ALARM_NAME_MAX, attributesOf, DEVICE_TYPES, fitsDeviceType } from '../rules';
import { useAlarmLevels } from '../shared/dicts';
import type { AlarmType, DeviceType } from '../types';
import ConditionFields from './ConditionFields';
import { DEFAULTS, toChange, toValues, type AlarmTypeFormValues } from './formValues';
import '../i18n';

const RECOVERY_DEPENDENCIES = ['autoProcessing', 'deviceType'];

/**
 * Adds or edits an alarm type. The recovery value must be a positive number with 1 to 3
 * decimals, and the recovery condition is required once auto processing is on (spec section 5).
 */
export default function AlarmTypeFormDialog({ row: alarmType, onClose }: EditorDialogProps<AlarmType>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AlarmTypeFormValues>();
  const rules = alarmTypeRules(t);
  const levels = useAlarmLevels();
  const [addType] = useAddAlarmTypeMutation();
  const [updateType] = useUpdateAlarmTypeMutation();
  const deviceType = Form.useWatch('deviceType', form);
  const autoProcessing = Form.useWatch('autoProcessing', form) === true;
  const deviceTypes = DEVICE_TYPES.map((value) => ({ value, label: t(`alarm.deviceType.${value}`) }));
  const attributeOptions = attributesOf(deviceType).map(({ attribute, unit }) => ({
    value: attribute,
    label: `${t(`alarm.attribute.${attribute as 'voltage'}`)} (${unit})`,
  }));

  const save = (values: AlarmTypeFormValues) =>
    alarmType ? updateType({ ...toChange(values), alarmTypeId: alarmType.alarmTypeId }).unwrap() : addType(toChange(values)).unwrap();

  /** A device type without the chosen attributes clears them. */
  const onDeviceTypeChange = (next: DeviceType) => {
    const { triggerAttribute, recoveryAttribute } = form.getFieldsValue(['triggerAttribute', 'recoveryAttribute']) as Partial<AlarmTypeFormValues>;
    if (triggerAttribute && !fitsDeviceType(next, triggerAttribute)) form.setFieldValue('triggerAttribute', undefined);
    if (recoveryAttribute && !fitsDeviceType(next, recoveryAttribute)) form.setFieldValue('recoveryAttribute', undefined);
  };

  return (
    <FormDialog<AlarmTypeFormValues> size="half" form={form} name="alarmType" editing={alarmType !== undefined} onSave={save} onClose={onClose}
      title={alarmType ? t('alarm.type.editTitle') : t('alarm.type.addTitle')} initialValues={alarmType ? toValues(alarmType) : DEFAULTS}>
      <Row gutter={16}>
        <FormField span={12} label={t('alarm.type.name')} name="alarmName" rules={rules.alarmName} required>
          <Input maxLength={ALARM_NAME_MAX} />
        </FormField>
        <FormField span={6} label={t('alarm.type.deviceType')} name="deviceType" rules={rules.deviceType}>
          <Select placeholder={t('common.choose')} options={deviceTypes} onChange={onDeviceTypeChange} />
        </FormField>
        <FormField span={6} label={t('alarm.type.level')} name="alarmLevel" rules={rules.alarmLevel}>
          <Select placeholder={t('common.choose')} options={levels} />
        </FormField>
        {(['contentZh', 'contentEn'] as const).map((name) => (
          <FormField span={12} key={name} label={t(`alarm.type.${name}`)} name={name} rules={rules.content} required>
            <Input.TextArea maxLength={ALARM_CONTENT_MAX} rows={2} />
          </FormField>
        ))}
      </Row>
      <ConditionFields
        side="trigger"
        attributeOptions={attributeOptions}
        rules={{ attribute: rules.triggerAttribute, comparison: rules.triggerComparison, value: rules.triggerValue, duration: rules.duration }}
        dependencies={{ Attribute: ['deviceType'], Comparison: [], Value: ['triggerAttribute'] }}
        required
        clearable={false}
      />
      <ConditionFields
        side="recovery"
        attributeOptions={attributeOptions}
        rules={{ attribute: rules.recoveryAttribute, comparison: rules.recoveryComparison, value: rules.recoveryValue, duration: rules.duration }}
        dependencies={{ Attribute: RECOVERY_DEPENDENCIES, Comparison: RECOVERY_DEPENDENCIES, Value: RECOVERY_DEPENDENCIES }}
        required={autoProcessing}
        clearable
      />
      <Row gutter={12}>
        {(['autoProcessing', 'autoWorkOrder', 'enabled'] as const).map((name) => (
          <FormField xs={8} span={8} key={name} label={t(`alarm.type.${name}`)} name={name} valuePropName="checked">
            <Switch />
          </FormField>
        ))}
      </Row>
    </FormDialog>
  );
}
