import { useContext, useEffect } from 'react';
import { Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormField } from '../../../components/formDialog';
import type { EditorDialogProps } from '../../../components/listPage';
import { useAddGatewayMutation, useGetGatewayQuery, useUpdateGatewayMutation } from '../api';
import {
  BRAND_MAX,
  gatewayRules,
  GATEWAY_NAME_MAX,
  GATEWAY_NUMBER_MAX,
  GATEWAY_TYPE_MAX,
  LOOP_COUNT_MAX,
  LOOP_COUNT_MIN,
  LOOP_NAME_MAX,
  REMARK_MAX,
} from '../rules';
import { useCommunicationTypes } from '../shared/gatewayText';
import type { Gateway } from '../types';
import { ShowCredentialContext } from './credential';
import { loopNamesOf, NEW_GATEWAY, toChange, toValues, type GatewayFormValues } from './formValues';
import '../i18n';

/**
 * Adds or edits a gateway; the rules mirror the server's (name, serial, communication type, 1 to
 * 64 loops, names, gateway type and brand, remark). A registered gateway's credential is shown
 * once; a changed serial is warned of, as it revokes the credential.
 */
export default function GatewayFormDialog({ row: gateway, onClose }: EditorDialogProps<Gateway>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<GatewayFormValues>();
  const rules = gatewayRules(t);
  const communicationTypes = useCommunicationTypes();
  const { data: detail } = useGetGatewayQuery(gateway?.gatewayId ?? 0, { skip: !gateway });
  const [addGateway] = useAddGatewayMutation();
  const [updateGateway] = useUpdateGatewayMutation();
  const showCredential = useContext(ShowCredentialContext);
  const gatewayNumber = Form.useWatch('gatewayNumber', form);
  const numberChanged = gateway !== undefined && gatewayNumber !== undefined && gatewayNumber !== gateway.gatewayNumber;
  const loopCount = Form.useWatch('loopCount', form);
  const shownLoops = typeof loopCount === 'number' && loopCount >= LOOP_COUNT_MIN ? Math.min(loopCount, LOOP_COUNT_MAX) : 0;

  const save = async (values: GatewayFormValues) => {
    const change = toChange(values);
    if (gateway) {
      await updateGateway({ ...change, gatewayId: gateway.gatewayId }).unwrap();
      return;
    }
    const { credential } = await addGateway(change).unwrap();
    if (credential) showCredential({ gatewayNumber: change.gatewayNumber, credential });
  };

  useEffect(() => {
    if (detail) form.setFieldsValue({ loopNames: loopNamesOf(detail.loops) });
  }, [form, detail]);

  return (
    <FormDialog<GatewayFormValues> size="half" form={form} name="gateway" editing={gateway !== undefined} onSave={save} onClose={onClose}
      title={gateway ? t('lighting.gateway.editTitle') : t('lighting.gateway.addTitle')} initialValues={gateway ? toValues(gateway) : NEW_GATEWAY}>
      <Row gutter={16}>
        <FormField span={12} label={t('lighting.gateway.name')} name="gatewayName" rules={rules.gatewayName} required>
          <Input maxLength={GATEWAY_NAME_MAX} placeholder={t('lighting.gateway.namePlaceholder')} />
        </FormField>
        <FormField span={12} label={t('lighting.gateway.number')} name="gatewayNumber" rules={rules.gatewayNumber} required
          extra={numberChanged ? <Typography.Text type="warning">{t('lighting.gateway.credential.numberChanged')}</Typography.Text> : undefined}>
          <Input maxLength={GATEWAY_NUMBER_MAX} placeholder={t('lighting.gateway.numberPlaceholder')} />
        </FormField>
        <FormField span={12} label={t('lighting.gateway.communicationType')} name="communicationType" rules={rules.communicationType}>
          <Select options={communicationTypes} placeholder={t('common.choose')} />
        </FormField>
        <FormField span={12} label={t('lighting.gateway.loopCount')} name="loopCount" rules={rules.loopCount} required>
          <InputNumber min={LOOP_COUNT_MIN} max={LOOP_COUNT_MAX} precision={0} style={{ width: '100%' }} />
        </FormField>
        <FormField span={12} label={t('lighting.gateway.gatewayType')} name="gatewayType" rules={rules.gatewayType}>
          <Input maxLength={GATEWAY_TYPE_MAX} placeholder={t('lighting.gateway.gatewayTypePlaceholder')} />
        </FormField>
        <FormField span={12} label={t('lighting.gateway.brand')} name="brand" rules={rules.brand}>
          <Input maxLength={BRAND_MAX} placeholder={t('lighting.gateway.brandPlaceholder')} />
        </FormField>
      </Row>
      {shownLoops > 0 ? (
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend style={{ fontSize: 14, marginBottom: 8 }}>{t('lighting.gateway.loopNames')}</legend>
          <Row gutter={12} style={{ maxHeight: 240, overflowY: 'auto', overflowX: 'hidden' }}>
            {Array.from({ length: shownLoops }, (_unused, index) => (
              <FormField xs={12} span={8} key={index} label={t('lighting.loopN', { index: index + 1 })} name={['loopNames', index]} rules={rules.loopName}>
                <Input maxLength={LOOP_NAME_MAX} />
              </FormField>
            ))}
          </Row>
        </fieldset>
      ) : null}
      <Form.Item label={t('lighting.gateway.remark')} name="remark" rules={rules.remark}>
        <Input.TextArea maxLength={REMARK_MAX} rows={3} />
      </Form.Item>
    </FormDialog>
  );
}
