import { useState } from 'react';
import { Button, Descriptions, Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { presentFailure } from '../../../api/presenter';
import AppDialog from '../../../components/AppDialog';
import AsEntered from '../../../components/AsEntered';
import GatewayResults from '../../../components/GatewayResults';
import { useSetGatewayParamsMutation } from '../api';
import {
  gatewayParamsRules,
  HEARTBEAT_INTERVAL_MAX,
  HEARTBEAT_INTERVAL_MIN,
  TELEMETRY_INTERVAL_MAX,
  TELEMETRY_INTERVAL_MIN,
} from '../rules';
import type { Gateway, GatewayResults as Answer } from '../types';
import { toParamsChange, type GatewayParamsValues } from './formValues';
import '../i18n';

export interface ParamsDialogProps {
  /** The gateways chosen in the list, all of one brand. */
  gateways: readonly Gateway[];
  onClose: () => void;
}

/**
 * Sets the heartbeat and telemetry intervals of the chosen gateways (POST /lighting/gateway/params):
 * whole seconds, 10 to 30 and 10 to 3600, either left empty to keep it, not both; checked before
 * sending. The fields have no min and max of their own, which would quietly bring a value into
 * range: a value out of range is refused with the rule's message. Then, in the same dialog, the
 * counts and how each gateway took them. A refusal (code 500) was shown by the client and keeps
 * the form.
 */
export default function ParamsDialog({ gateways, onClose }: ParamsDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<GatewayParamsValues>();
  const rules = gatewayParamsRules(t);
  const [setParams, { isLoading }] = useSetGatewayParamsMutation();
  const [answer, setAnswer] = useState<Answer | undefined>();
  const brand = gateways[0]?.brand;

  const send = async (values: GatewayParamsValues) => {
    try {
      setAnswer(await setParams(toParamsChange(gateways, values)).unwrap());
    } catch (error) {
      presentFailure(error);
    }
  };

  return (
    <AppDialog
      open
      title={t('lighting.gateway.params.title')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={isLoading}
      onOk={() => form.submit()}
      onCancel={onClose}
      footer={
        answer ? (
          <Button type="primary" onClick={onClose}>
            {t('lighting.gateway.params.close')}
          </Button>
        ) : undefined
      }
    >
      {answer ? (
        <GatewayResults
          answer={answer}
          summary={t('lighting.gateway.params.summary', { total: answer.total, succeeded: answer.succeeded, failed: answer.failed })}
        />
      ) : (
        <>
          <Descriptions
            size="small"
            column={1}
            style={{ marginBottom: 16 }}
            items={[
              { key: 'count', label: t('lighting.gateway.params.count'), children: gateways.length },
              { key: 'brand', label: t('lighting.gateway.brand'), children: brand ? <AsEntered text={brand} /> : '-' },
            ]}
          />
          <Form<GatewayParamsValues> form={form} name="gatewayParams" layout="vertical" onFinish={(values) => void send(values)}>
            <Form.Item label={t('lighting.gateway.params.heartbeatInterval')} name="heartbeatInterval" rules={rules.heartbeatInterval}
              dependencies={['telemetryInterval']} extra={t('lighting.gateway.params.range', { min: HEARTBEAT_INTERVAL_MIN, max: HEARTBEAT_INTERVAL_MAX })}>
              <InputNumber<number> style={{ width: '100%' }} placeholder={`${HEARTBEAT_INTERVAL_MIN}-${HEARTBEAT_INTERVAL_MAX}`} />
            </Form.Item>
            <Form.Item label={t('lighting.gateway.params.telemetryInterval')} name="telemetryInterval" rules={rules.telemetryInterval}
              dependencies={['heartbeatInterval']} extra={t('lighting.gateway.params.range', { min: TELEMETRY_INTERVAL_MIN, max: TELEMETRY_INTERVAL_MAX })}>
              <InputNumber<number> style={{ width: '100%' }} placeholder={`${TELEMETRY_INTERVAL_MIN}-${TELEMETRY_INTERVAL_MAX}`} />
            </Form.Item>
          </Form>
        </>
      )}
    </AppDialog>
  );
}
