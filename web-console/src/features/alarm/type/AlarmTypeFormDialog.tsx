import { useEffect } from 'react';
import { Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../app/feedback';
import AppDialog from '../../../components/AppDialog';
import { useAddAlarmTypeMutation, useUpdateAlarmTypeMutation } from '../api';
import { alarmTypeRules, ALARM_CONTENT_MAX, ALARM_NAME_MAX, attributesOf, COMPARISONS, DEVICE_TYPES, DURATION_MAX, fitsDeviceType } from '../rules';
import { useAlarmLevels } from '../shared/dicts';
import type { AlarmType, DeviceType } from '../types';
import { DEFAULTS, toChange, toValues, type AlarmTypeFormValues } from './formValues';
import '../i18n';

export interface AlarmTypeFormDialogProps {
  alarmType?: AlarmType;
  onClose: () => void;
}

/**
 * Adds or edits an alarm type. The recovery value must be a positive number with 1 to 3
 * decimals, and the recovery condition is required once auto processing is on (spec section 5).
 */
export default function AlarmTypeFormDialog({ alarmType, onClose }: AlarmTypeFormDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AlarmTypeFormValues>();
  const rules = alarmTypeRules(t);
  const levels = useAlarmLevels();
  const [addType, addState] = useAddAlarmTypeMutation();
  const [updateType, updateState] = useUpdateAlarmTypeMutation();
  const deviceType = Form.useWatch('deviceType', form);
  const autoProcessing = Form.useWatch('autoProcessing', form) === true;
  const attributeOptions = attributesOf(deviceType).map(({ attribute, unit }) => ({
    value: attribute,
    label: `${t(`alarm.attribute.${attribute as 'voltage'}`)} (${unit})`,
  }));
  const comparisonOptions = COMPARISONS.map((comparison) => ({ value: comparison, label: comparison }));

  useEffect(() => {
    if (alarmType) form.setFieldsValue(toValues(alarmType));
  }, [form, alarmType]);

  const onDeviceTypeChange = (next: DeviceType) => {
    const { triggerAttribute, recoveryAttribute } = form.getFieldsValue(['triggerAttribute', 'recoveryAttribute']) as Partial<AlarmTypeFormValues>;
    if (triggerAttribute && !fitsDeviceType(next, triggerAttribute)) form.setFieldValue('triggerAttribute', undefined);
    if (recoveryAttribute && !fitsDeviceType(next, recoveryAttribute)) form.setFieldValue('recoveryAttribute', undefined);
  };

  const submit = async (values: AlarmTypeFormValues) => {
    const change = toChange(values);
    try {
      if (alarmType) {
        await updateType({ ...change, alarmTypeId: alarmType.alarmTypeId }).unwrap();
        showMessage('success', t('common.updated'));
      } else {
        await addType(change).unwrap();
        showMessage('success', t('common.added'));
      }
      onClose();
    } catch {
      // the client showed the server's message as it came; the dialog stays open
    }
  };

  const recoveryDependencies = ['autoProcessing', 'deviceType'];

  return (
    <AppDialog
      size="half"
      open
      title={alarmType ? t('alarm.type.editTitle') : t('alarm.type.addTitle')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={addState.isLoading || updateState.isLoading}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form<AlarmTypeFormValues>
        form={form}
        name="alarmType"
        layout="vertical"
        initialValues={DEFAULTS}
        onFinish={(values) => void submit(values)}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label={t('alarm.type.name')} name="alarmName" rules={rules.alarmName} required>
              <Input maxLength={ALARM_NAME_MAX} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item label={t('alarm.type.deviceType')} name="deviceType" rules={rules.deviceType}>
              <Select
                placeholder={t('common.choose')}
                options={DEVICE_TYPES.map((value) => ({ value, label: t(`alarm.deviceType.${value}`) }))}
                onChange={onDeviceTypeChange}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item label={t('alarm.type.level')} name="alarmLevel" rules={rules.alarmLevel}>
              <Select placeholder={t('common.choose')} options={levels} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('alarm.type.contentZh')} name="contentZh" rules={rules.content} required>
              <Input.TextArea maxLength={ALARM_CONTENT_MAX} rows={2} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('alarm.type.contentEn')} name="contentEn" rules={rules.content} required>
              <Input.TextArea maxLength={ALARM_CONTENT_MAX} rows={2} />
            </Form.Item>
          </Col>
        </Row>
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend style={{ fontSize: 14, fontWeight: 600, marginBottom: 8 }}>{t('alarm.type.trigger')}</legend>
          <Row gutter={12}>
            <Col xs={24} md={8}>
              <Form.Item label={t('alarm.type.triggerAttribute')} name="triggerAttribute" rules={rules.triggerAttribute} dependencies={['deviceType']} required>
                <Select placeholder={t('alarm.type.chooseDeviceTypeFirst')} options={attributeOptions} />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item label={t('alarm.type.triggerComparison')} name="triggerComparison" rules={rules.triggerComparison}>
                <Select options={comparisonOptions} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item label={t('alarm.type.triggerValue')} name="triggerValue" rules={rules.triggerValue} dependencies={['triggerAttribute']} required>
                <Input inputMode="decimal" />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item label={t('alarm.type.triggerDuration')} name="triggerDuration" rules={rules.duration}>
                <InputNumber min={0} max={DURATION_MAX} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
        </fieldset>
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend style={{ fontSize: 14, fontWeight: 600, marginBottom: 8 }}>{t('alarm.type.recovery')}</legend>
          <Row gutter={12}>
            <Col xs={24} md={8}>
              <Form.Item
                label={t('alarm.type.recoveryAttribute')}
                name="recoveryAttribute"
                rules={rules.recoveryAttribute}
                dependencies={recoveryDependencies}
                required={autoProcessing}
              >
                <Select allowClear placeholder={t('alarm.type.chooseDeviceTypeFirst')} options={attributeOptions} />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item
                label={t('alarm.type.recoveryComparison')}
                name="recoveryComparison"
                rules={rules.recoveryComparison}
                dependencies={recoveryDependencies}
                required={autoProcessing}
              >
                <Select allowClear options={comparisonOptions} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item
                label={t('alarm.type.recoveryValue')}
                name="recoveryValue"
                rules={rules.recoveryValue}
                dependencies={recoveryDependencies}
                required={autoProcessing}
                extra={t('alarm.type.recoveryValueHint')}
              >
                <Input inputMode="decimal" />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item label={t('alarm.type.recoveryDuration')} name="recoveryDuration" rules={rules.duration}>
                <InputNumber min={0} max={DURATION_MAX} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
        </fieldset>
        <Row gutter={12}>
          <Col xs={8}>
            <Form.Item label={t('alarm.type.autoProcessing')} name="autoProcessing" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={8}>
            <Form.Item label={t('alarm.type.autoWorkOrder')} name="autoWorkOrder" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={8}>
            <Form.Item label={t('alarm.type.enabled')} name="enabled" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </AppDialog>
  );
}
