import { useState } from 'react';
import { Alert, Flex, Form, Radio, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import AppDialog from '../../../components/AppDialog';
import BrightnessInput from '../../../components/BrightnessInput';
import GatewayResults from '../../../components/GatewayResults';
import HoldSelect from '../../../components/HoldSelect';
import { brightnessOf, FULL_BRIGHTNESS } from '../../../lib/brightness';
import { holdOf, UNTIL_NEXT_STEP } from '../../../lib/hold';
import { useControlDeviceGroupMutation } from '../api';
import { controlRules } from '../rules';
import type { DeviceGroup, GroupControlAnswer, SwitchState } from '../types';
import '../i18n';

interface ControlValues {
  switchState?: SwitchState;
  /** Asked for while switching on only; full (sent as none) at first. */
  brightness?: number | null;
  holdMinutes: number;
}

/**
 * Switches a group's devices (pc:device:group:control): on or off, which must be chosen, on at
 * which brightness (full unless chosen, sent only below full), and how long the switch holds
 * under a schedule (until its next step unless chosen). Shows the outcome per gateway as
 * one-key control does, and may be run again; a refusal (a group without a device in service,
 * a brightness refused) is shown by the client and keeps the dialog open.
 */
export default function GroupControlDialog({ group, onClose }: { group: DeviceGroup; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ControlValues>();
  const rules = controlRules(t);
  const [control, { isLoading }] = useControlDeviceGroupMutation();
  const [answer, setAnswer] = useState<GroupControlAnswer | undefined>();
  const switchingOn = Form.useWatch('switchState', form) === '1';

  const run = async ({ switchState, brightness, holdMinutes }: ControlValues) => {
    if (!switchState) return;
    setAnswer(undefined);
    try {
      const level = switchState === '1' ? brightnessOf(brightness) : {};
      setAnswer(await control({ groupId: group.groupId, switchState, ...holdOf(holdMinutes), ...level }).unwrap());
    } catch {
      // the client showed the server's message
    }
  };

  return (
    <AppDialog open size={answer ? 'half' : 'small'} title={t('device.group.control.title', { name: group.groupName })}
      okText={t('device.group.control.run')} cancelText={answer ? t('device.group.control.done') : t('common.cancel')}
      confirmLoading={isLoading} onOk={() => form.submit()} onCancel={onClose}>
      <Flex vertical gap={12}>
        <Alert type="info" showIcon message={t('device.group.control.hint')} />
        <Form<ControlValues> form={form} name="deviceGroupControl" layout="vertical" initialValues={{ brightness: FULL_BRIGHTNESS, holdMinutes: UNTIL_NEXT_STEP }}
          onFinish={(values) => void run(values)}>
          <Form.Item label={t('device.group.control.switchState')} name="switchState" rules={rules.switchState} required>
            <Radio.Group options={[{ value: '1', label: t('device.group.control.on') }, { value: '0', label: t('device.group.control.off') }]} />
          </Form.Item>
          {switchingOn ? (
            <Form.Item label={t('components.brightness.label')} name="brightness" tooltip={t('components.brightness.hint')} rules={rules.brightness} required>
              <BrightnessInput />
            </Form.Item>
          ) : null}
          <Form.Item label={t('components.hold.label')} name="holdMinutes" tooltip={t('components.hold.hint')}>
            <HoldSelect />
          </Form.Item>
        </Form>
        <Spin spinning={isLoading}>
          {answer ? (
            <GatewayResults
              answer={answer}
              summary={t('device.group.control.summary', { total: answer.total, succeeded: answer.succeeded, failed: answer.failed })}
            />
          ) : null}
        </Spin>
      </Flex>
    </AppDialog>
  );
}
