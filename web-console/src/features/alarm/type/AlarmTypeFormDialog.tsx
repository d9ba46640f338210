import { Form, Input, Row, Select, Switch, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormField } from '../../../components/formDialog';
import type { EditorDialogProps } from '../../../components/listPage';
import { useAddAlarmTypeMutation, useUpdateAlarmTypeMutation } from '../api';
import {
  alarmTypeRules,
  ALARM_CONTENT_MAX,
  ALARM_NAME_MAX,
  attributesOf,
  DEVICE_TYPES,
  EVENT_DEFAULTS,
  fitsDeviceType,
  isEventAttribute,
  recoveryIsMagnitude,
  unitOf,
} from '../rules';
import { useAlarmLevels } from '../shared/dicts';
import type { AlarmType, DeviceType } from '../types';
import ConditionFields from './ConditionFields';
import { DEFAULTS, toChange, toValues, type AlarmTypeFormValues } from './formValues';
import '../i18n';

const RECOVERY_DEPENDENCIES = ['autoProcessing', 'deviceType'];
/** The fields an event picked as the trigger fills in: the trigger's comparison and value, and the recovery. */
const EVENT_FIELDS = ['triggerComparison', 'triggerValue', 'recoveryAttribute', 'recoveryComparison', 'recoveryValue'] as const;

/**
 * Adds or edits an alarm type. The recovery value must be a positive number with 1 to 3
 * decimals, and the recovery condition is required once auto processing is on (spec section 5).
 * A device event picked as the trigger fills in its defaults (active: >= 1; recovered when the
 * same event has ended: < 1.0), still editable; a signal recovery value is written without its
 * minus sign (its unit reads −dBm).
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
  const currentTrigger = Form.useWatch('triggerAttribute', form);
  const currentRecovery = Form.useWatch('recoveryAttribute', form);
  const deviceTypes = DEVICE_TYPES.map((value) => ({ value, label: t(`alarm.deviceType.${value}`) }));
  const attributeOptions = attributesOf(deviceType).map(({ attribute, unit }) => {
    const name = t(`alarm.attribute.${attribute as 'voltage'}`);
    return { value: attribute, label: unit ? `${name} (${unit})` : name };
  });
  const signalHint = t('alarm.type.signalRecoveryHint');
  const recoveryUnit = recoveryIsMagnitude(currentRecovery) ? (
    <Tooltip title={signalHint}>
      <span>{t('alarm.type.signalRecoveryUnit')}</span>
    </Tooltip>
  ) : (
    unitOf(deviceType, currentRecovery)
  );

  const save = (values: AlarmTypeFormValues) =>
    alarmType ? updateType({ ...toChange(values), alarmTypeId: alarmType.alarmTypeId }).unwrap() : addType(toChange(values)).unwrap();

  /** A device type without the chosen attributes clears them. */
  const onDeviceTypeChange = (next: DeviceType) => {
    const { triggerAttribute, recoveryAttribute } = form.getFieldsValue(['triggerAttribute', 'recoveryAttribute']) as Partial<AlarmTypeFormValues>;
    if (triggerAttribute && !fitsDeviceType(next, triggerAttribute)) form.setFieldValue('triggerAttribute', undefined);
    if (recoveryAttribute && !fitsDeviceType(next, recoveryAttribute)) form.setFieldValue('recoveryAttribute', undefined);
  };

  /**
   * An event as the trigger fills in its defaults (errors cleared, and checks under way for the
   * old values dropped: the defaults hold); leaving an event for a reading clears an event's
   * recovery, which a reading may not have.
   */
  const onTriggerAttributeChange = (next: string | undefined) => {
    if (isEventAttribute(next)) {
      const values = { ...EVENT_DEFAULTS, recoveryAttribute: next };
      form.setFields(EVENT_FIELDS.map((name) => ({ name, value: values[name], errors: [], validating: false })));
    } else if (isEventAttribute(form.getFieldValue('recoveryAttribute') as string | undefined)) {
      const recovery = ['recoveryAttribute', 'recoveryComparison', 'recoveryValue'] as const;
      form.setFields(recovery.map((name) => ({ name, value: undefined, errors: [], validating: false })));
    }
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
        dependencies={{ Attribute: ['deviceType'], Comparison: [], Value: ['triggerAttribute', 'triggerComparison'] }}
        required
        clearable={false}
        onAttributeChange={onTriggerAttributeChange}
        attributeHint={isEventAttribute(currentTrigger) ? t('alarm.type.eventHint') : undefined}
        unit={unitOf(deviceType, currentTrigger)}
      />
      <ConditionFields
        side="recovery"
        attributeOptions={attributeOptions}
        rules={{ attribute: rules.recoveryAttribute, comparison: rules.recoveryComparison, value: rules.recoveryValue, duration: rules.duration }}
        dependencies={{
          Attribute: [...RECOVERY_DEPENDENCIES, 'triggerAttribute'],
          Comparison: RECOVERY_DEPENDENCIES,
          Value: [...RECOVERY_DEPENDENCIES, 'recoveryAttribute', 'recoveryComparison'],
        }}
        required={autoProcessing}
        clearable
        unit={recoveryUnit}
        valueHint={recoveryIsMagnitude(currentRecovery) ? signalHint : undefined}
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
