import { useEffect } from 'react';
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../app/feedback';
import AppDialog from '../../../components/AppDialog';
import { useAddGatewayMutation, useGetGatewayQuery, useUpdateGatewayMutation } from '../api';
import { gatewayRules, GATEWAY_NAME_MAX, GATEWAY_NUMBER_MAX, LOOP_COUNT_MAX, LOOP_COUNT_MIN, LOOP_NAME_MAX, REMARK_MAX } from '../rules';
import { useCommunicationTypes } from '../shared/gatewayText';
import type { Gateway, GatewayChange } from '../types';
import '../i18n';

interface GatewayFormValues {
  gatewayName: string;
  gatewayNumber: string;
  communicationType?: string;
  loopCount?: number;
  loopNames?: (string | undefined)[];
  remark?: string;
}

export interface GatewayFormDialogProps {
  /** The gateway to edit; absent to add one. */
  gateway?: Gateway;
  onClose: () => void;
}

/** Adds or edits a gateway; the rules mirror the server's (name, serial, type, 1 to 64 loops, names, remark). */
export default function GatewayFormDialog({ gateway, onClose }: GatewayFormDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<GatewayFormValues>();
  const rules = gatewayRules(t);
  const communicationTypes = useCommunicationTypes();
  const editing = gateway !== undefined;
  const { data: detail } = useGetGatewayQuery(gateway?.gatewayId ?? 0, { skip: !editing });
  const [addGateway, addState] = useAddGatewayMutation();
  const [updateGateway, updateState] = useUpdateGatewayMutation();
  const loopCount = Form.useWatch('loopCount', form);
  const shownLoops = typeof loopCount === 'number' && loopCount >= LOOP_COUNT_MIN ? Math.min(loopCount, LOOP_COUNT_MAX) : 0;

  useEffect(() => {
    if (!gateway) return;
    form.setFieldsValue({
      gatewayName: gateway.gatewayName,
      gatewayNumber: gateway.gatewayNumber,
      communicationType: gateway.communicationType,
      loopCount: gateway.loopCount,
      remark: gateway.remark,
    });
  }, [form, gateway]);

  useEffect(() => {
    if (!detail) return;
    const names: string[] = [];
    for (const loop of detail.loops) names[loop.loopIndex - 1] = loop.loopName;
    form.setFieldsValue({ loopNames: names });
  }, [form, detail]);

  const submit = async (values: GatewayFormValues) => {
    const count = values.loopCount ?? 0;
    const change: GatewayChange = {
      gatewayName: values.gatewayName.trim(),
      gatewayNumber: values.gatewayNumber,
      communicationType: values.communicationType ?? '',
      loopCount: count,
      loops: Array.from({ length: count }, (_unused, index) => ({
        loopIndex: index + 1,
        loopName: (values.loopNames?.[index] ?? '').trim(),
      })),
      remark: (values.remark ?? '').trim(),
    };
    try {
      if (gateway) {
        await updateGateway({ ...change, gatewayId: gateway.gatewayId }).unwrap();
        showMessage('success', t('common.updated'));
      } else {
        await addGateway(change).unwrap();
        showMessage('success', t('common.added'));
      }
      onClose();
    } catch {
      // the client showed the server's message; the dialog stays open
    }
  };

  return (
    <AppDialog
      size="half"
      open
      title={editing ? t('lighting.gateway.editTitle') : t('lighting.gateway.addTitle')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={addState.isLoading || updateState.isLoading}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form<GatewayFormValues>
        form={form}
        name="gateway"
        layout="vertical"
        initialValues={{ loopCount: 1 }}
        onFinish={(values) => void submit(values)}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label={t('lighting.gateway.name')} name="gatewayName" rules={rules.gatewayName} required>
              <Input maxLength={GATEWAY_NAME_MAX} placeholder={t('lighting.gateway.namePlaceholder')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('lighting.gateway.number')} name="gatewayNumber" rules={rules.gatewayNumber} required>
              <Input maxLength={GATEWAY_NUMBER_MAX} placeholder={t('lighting.gateway.numberPlaceholder')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('lighting.gateway.communicationType')} name="communicationType" rules={rules.communicationType}>
              <Select options={communicationTypes} placeholder={t('common.choose')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('lighting.gateway.loopCount')} name="loopCount" rules={rules.loopCount} required>
              <InputNumber min={LOOP_COUNT_MIN} max={LOOP_COUNT_MAX} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        {shownLoops > 0 ? (
          <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
            <legend style={{ fontSize: 14, marginBottom: 8 }}>{t('lighting.gateway.loopNames')}</legend>
            <Row gutter={12} style={{ maxHeight: 240, overflowY: 'auto', overflowX: 'hidden' }}>
              {Array.from({ length: shownLoops }, (_unused, index) => (
                <Col xs={12} md={8} key={index}>
                  <Form.Item
                    label={t('lighting.loopN', { index: index + 1 })}
                    name={['loopNames', index]}
                    rules={rules.loopName}
                  >
                    <Input maxLength={LOOP_NAME_MAX} />
                  </Form.Item>
                </Col>
              ))}
            </Row>
          </fieldset>
        ) : null}
        <Form.Item label={t('lighting.gateway.remark')} name="remark" rules={rules.remark}>
          <Input.TextArea maxLength={REMARK_MAX} rows={3} />
        </Form.Item>
      </Form>
    </AppDialog>
  );
}
