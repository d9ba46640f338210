import { Form, InputNumber, Radio, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormField } from '../../../components/formDialog';
import { useGetDeviceGroupsQuery } from '../../device/api';
import {
  campaignRules,
  CONCURRENCY_DEFAULT,
  CONCURRENCY_MAX,
  CONCURRENCY_MIN,
  FAILURE_THRESHOLD_DEFAULT,
  FAILURE_THRESHOLD_MAX,
  FAILURE_THRESHOLD_MIN,
} from '../rules';
import { CHOICES_PAGE, useGatewayChoices } from '../shared/choices';
import type { CampaignScope, UpgradeGateway } from '../types';
import { useCreateCampaignMutation, useGetFirmwaresQuery } from '../upgradeApi';
import { toCampaignChange, type CampaignFormValues } from './formValues';
import '../i18n';

const SCOPES: readonly CampaignScope[] = ['project', 'group', 'list'];

export interface CampaignFormDialogProps {
  /** The gateways chosen in the list: the scope is them when there are any. */
  gateways: readonly UpgradeGateway[];
  onCreated: () => void;
  onClose: () => void;
}

/**
 * Starts an upgrade campaign (POST /lighting/upgrade): a firmware of the library (the first
 * 500), the gateways (the whole project, a device group, or chosen ones: those chosen in the
 * list at first), how many at once (1 to 200, 10) and the share of failures that stops it (1 to
 * 100 %, 20). The server refuses gateways of another type than the firmware's; its msg is shown.
 */
export default function CampaignFormDialog({ gateways, onCreated, onClose }: CampaignFormDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CampaignFormValues>();
  const rules = campaignRules(t);
  const scope = Form.useWatch('scope', form) ?? (gateways.length > 0 ? 'list' : 'project');
  const firmwares = useGetFirmwaresQuery({ pageNum: 1, pageSize: CHOICES_PAGE });
  const groups = useGetDeviceGroupsQuery({ pageNum: 1, pageSize: CHOICES_PAGE }, { skip: scope !== 'group' });
  const gatewayChoices = useGatewayChoices(gateways);
  const [createCampaign] = useCreateCampaignMutation();

  const save = async (values: CampaignFormValues) => {
    await createCampaign(toCampaignChange(values)).unwrap();
    onCreated();
  };

  return (
    <FormDialog<CampaignFormValues> form={form} name="campaign" onSave={save} onClose={onClose} title={t('lighting.upgrade.newTitle')}
      savedMessage={t('lighting.upgrade.created')}
      initialValues={{
        scope: gateways.length > 0 ? 'list' : 'project',
        gatewayIds: gateways.map((gateway) => gateway.gatewayId),
        concurrency: CONCURRENCY_DEFAULT,
        failureThreshold: FAILURE_THRESHOLD_DEFAULT,
      }}>
      <Row gutter={16}>
        <FormField label={t('lighting.upgrade.firmware')} name="firmwareId" rules={rules.firmwareId} required>
          <Select showSearch optionFilterProp="label" loading={firmwares.isFetching} placeholder={t('common.choose')}
            options={(firmwares.data?.rows ?? []).map((firmware) => ({
              value: firmware.firmwareId,
              label: t('lighting.upgrade.firmwareLabel', { version: firmware.version, gatewayType: firmware.gatewayType }),
            }))} />
        </FormField>
        <FormField label={t('lighting.upgrade.scope')} name="scope" required>
          <Radio.Group options={SCOPES.map((value) => ({ value, label: t(`lighting.upgrade.scopes.${value}`) }))} />
        </FormField>
        {scope === 'group' ? (
          <FormField label={t('lighting.upgrade.group')} name="groupId" rules={rules.groupId} required>
            <Select showSearch optionFilterProp="label" loading={groups.isFetching} placeholder={t('common.choose')}
              options={(groups.data?.rows ?? []).map((group) => ({ value: group.groupId, label: group.groupName }))} />
          </FormField>
        ) : null}
        {scope === 'list' ? (
          <FormField label={t('lighting.upgrade.gateways')} name="gatewayIds" rules={rules.gatewayIds} required>
            <Select mode="multiple" showSearch optionFilterProp="label" loading={gatewayChoices.loading} placeholder={t('common.choose')}
              options={gatewayChoices.choices.map(({ value, label }) => ({ value, label }))} />
          </FormField>
        ) : null}
        <FormField span={12} label={t('lighting.upgrade.concurrency')} name="concurrency" rules={rules.concurrency} required
          extra={t('lighting.upgrade.concurrencyHelp', { min: CONCURRENCY_MIN, max: CONCURRENCY_MAX })}>
          <InputNumber min={CONCURRENCY_MIN} max={CONCURRENCY_MAX} precision={0} style={{ width: '100%' }} />
        </FormField>
        <FormField span={12} label={t('lighting.upgrade.failureThreshold')} name="failureThreshold" rules={rules.failureThreshold} required
          extra={t('lighting.upgrade.failureThresholdHelp')}>
          <InputNumber min={FAILURE_THRESHOLD_MIN} max={FAILURE_THRESHOLD_MAX} precision={0} addonAfter="%" style={{ width: '100%' }} />
        </FormField>
      </Row>
    </FormDialog>
  );
}
