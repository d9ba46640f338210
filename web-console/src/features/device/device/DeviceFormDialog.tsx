import { useMemo } from 'react';
import { Form, Input, InputNumber, Radio, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormField } from '../../../components/formDialog';
import type { EditorDialogProps } from '../../../components/listPage';
import { useAccess } from '../../auth/useAccess';
import { useGetGatewayQuery } from '../../lighting/api';
import { useAddDeviceMutation, useUpdateDeviceMutation } from '../api';
import { ADDRESS_MAX, CODE_MAX, DEVICE_NAME_MAX, DEVICE_STATUSES, deviceRules, REMARK_MAX } from '../rules';
import { useGatewayChoices, useTypeChoices } from '../shared/choices';
import type { Device } from '../types';
import { NEW_DEVICE, toChange, toValues, type DeviceFormValues } from './formValues';
import '../i18n';

/**
 * The loops a device may hang on: 1 to the gateway's loop count, each with its name when the
 * gateway's detail gives it (to the holders of pc:lighting:gateway:query, who may read it).
 */
function useLoopChoices(gatewayId: number | undefined, loopCount: number | undefined, current: number | undefined) {
  const { t } = useTranslation();
  const access = useAccess();
  const canRead = access.hasPermi(['lighting:gateway:query']);
  const { data: detail } = useGetGatewayQuery(gatewayId ?? 0, { skip: gatewayId === undefined || !canRead });
  const known = detail && detail.gatewayId === gatewayId ? detail : undefined;
  const count = loopCount ?? known?.loopCount;
  return useMemo(() => {
    const indexes = count !== undefined ? Array.from({ length: count }, (_, at) => at + 1) : current !== undefined ? [current] : [];
    return {
      count,
      choices: indexes.map((index) => {
        const name = known?.loops.find((loop) => loop.loopIndex === index)?.loopName;
        return { value: index, label: name ? t('device.device.loopNamed', { index, name }) : t('device.device.loopN', { index }) };
      }),
    };
  }, [count, current, known, t]);
}

/**
 * Adds or edits a device: its name, code, equipment type, gateway and loop (1 to the gateway's
 * loop count, named as on the gateway), address, location (both coordinates or neither),
 * status and remark, checked as the server checks them (the numbers are not clamped as typed:
 * a coordinate out of range shows the rule's message). Choosing another gateway clears the loop.
 */
export default function DeviceFormDialog({ row: device, onClose }: EditorDialogProps<Device>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DeviceFormValues>();
  const ownType = useMemo(() => (device ? { typeId: device.typeId, typeName: device.typeName } : undefined), [device]);
  const ownGateway = useMemo(
    () => (device ? { gatewayId: device.gatewayId, gatewayName: device.gatewayName, gatewayNumber: device.gatewayNumber } : undefined),
    [device],
  );
  const types = useTypeChoices(ownType);
  const gateways = useGatewayChoices(ownGateway);
  const gatewayId = Form.useWatch('gatewayId', form) ?? device?.gatewayId;
  const loopIndex = Form.useWatch('loopIndex', form) ?? device?.loopIndex;
  const loops = useLoopChoices(gatewayId, gateways.choices.find((choice) => choice.value === gatewayId)?.loopCount, loopIndex);
  const rules = deviceRules(t, (chosen) => (chosen === gatewayId ? loops.count : undefined));
  const [addDevice] = useAddDeviceMutation();
  const [updateDevice] = useUpdateDeviceMutation();

  const save = (values: DeviceFormValues) =>
    device ? updateDevice({ ...toChange(values), deviceId: device.deviceId }).unwrap() : addDevice(toChange(values)).unwrap();

  return (
    <FormDialog<DeviceFormValues> size="half" form={form} name="device" editing={device !== undefined} onSave={save} onClose={onClose}
      title={device ? t('device.device.editTitle') : t('device.device.addTitle')} initialValues={device ? toValues(device) : NEW_DEVICE}>
      <Row gutter={16}>
        <FormField span={12} label={t('device.device.name')} name="deviceName" rules={rules.deviceName} required>
          <Input maxLength={DEVICE_NAME_MAX} placeholder={t('device.device.namePlaceholder')} />
        </FormField>
        <FormField span={12} label={t('device.device.code')} name="deviceCode" rules={rules.deviceCode} required>
          <Input maxLength={CODE_MAX} placeholder={t('device.device.codePlaceholder')} />
        </FormField>
        <FormField span={12} label={t('device.device.type')} name="typeId" rules={rules.typeId} required>
          <Select showSearch optionFilterProp="label" loading={types.loading} options={types.choices} placeholder={t('common.choose')} />
        </FormField>
        <FormField span={12} label={t('device.device.gateway')} name="gatewayId" rules={rules.gatewayId} required>
          <Select showSearch optionFilterProp="label" loading={gateways.loading} options={gateways.choices} placeholder={t('common.choose')}
            onChange={() => form.setFieldValue('loopIndex', undefined)} />
        </FormField>
        <FormField span={12} label={t('device.device.loop')} name="loopIndex" rules={rules.loopIndex} required>
          <Select options={loops.choices} disabled={gatewayId === undefined}
            placeholder={gatewayId === undefined ? t('device.device.loopFirst') : t('common.choose')} />
        </FormField>
        <FormField span={12} label={t('device.device.address')} name="address" rules={rules.address} required>
          <Input maxLength={ADDRESS_MAX} placeholder={t('device.device.addressPlaceholder')} />
        </FormField>
        <FormField span={12} label={t('device.device.longitude')} name="longitude" rules={rules.longitude} dependencies={['latitude']}
          tooltip={t('device.device.locationHint')}>
          <InputNumber style={{ width: '100%' }} />
        </FormField>
        <FormField span={12} label={t('device.device.latitude')} name="latitude" rules={rules.latitude} dependencies={['longitude']}
          tooltip={t('device.device.locationHint')}>
          <InputNumber style={{ width: '100%' }} />
        </FormField>
        <FormField span={12} label={t('device.device.status')} name="status" rules={rules.status} required>
          <Radio.Group options={DEVICE_STATUSES.map((status) => ({ value: status, label: t(`device.device.statuses.${status}`) }))} />
        </FormField>
      </Row>
      <Form.Item label={t('device.device.remark')} name="remark" rules={rules.remark}>
        <Input.TextArea maxLength={REMARK_MAX} rows={3} />
      </Form.Item>
    </FormDialog>
  );
}
