import { useState } from 'react';
import { Button, DatePicker, Form, InputNumber, Radio, Select, Space } from 'antd';
import { SearchOutlined, SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useGetDeviceGroupsQuery } from '../../device/api';
import { useAccess } from '../../auth/useAccess';
import { energyScopeRules, LOOP_COUNT_MAX, LOOP_COUNT_MIN } from '../rules';
import { CHOICES_PAGE, useGatewayChoices } from '../shared/choices';
import { DIMENSION_PERMISSIONS, DIMENSIONS } from './codes';
import { COMPARES, defaultRange, GRANULARITIES, PICKER_FORMATS, PICKERS } from './period';
import { initialValues, searchOf, type EnergySearch, type SearchValues } from './search';
import '../i18n';

/**
 * The energy search: the scope (the whole project, a gateway, a loop of a gateway, a device
 * group: the pickers of the scopes the user may list), the granularity (a change puts the
 * range back to that granularity's default), the range picked in days, months or years by the
 * granularity, the comparison; search and reset (back to the opening search, and searched).
 */
export default function EnergySearchForm({ onSearch }: { onSearch: (search: EnergySearch) => void }) {
  const { t } = useTranslation();
  const access = useAccess();
  const [form] = Form.useForm<SearchValues>();
  const [initial] = useState(initialValues);
  const rules = energyScopeRules(t);
  const dimension = Form.useWatch('dimension', form) ?? initial.dimension;
  const granularity = Form.useWatch('granularity', form) ?? initial.granularity;
  const dimensions = DIMENSIONS.filter((value) => {
    const permission = DIMENSION_PERMISSIONS[value];
    return permission === undefined || access.hasPermi([permission]);
  });

  const reset = () => {
    form.resetFields();
    onSearch(searchOf(initial));
  };

  return (
    <Form<SearchValues>
      form={form}
      name="energySearch"
      layout="inline"
      style={{ rowGap: 8 }}
      initialValues={initial}
      onValuesChange={(changed: Partial<SearchValues>) => {
        if (changed.granularity) form.setFieldValue('range', defaultRange(changed.granularity));
      }}
      onFinish={(values) => onSearch(searchOf(values))}
    >
      <Form.Item label={t('lighting.energyStats.dimension')} name="dimension">
        <Select style={{ width: 130 }} options={dimensions.map((value) => ({ value, label: t(`lighting.energyStats.dimensions.${value}`) }))} />
      </Form.Item>
      {dimension === 'gateway' || dimension === 'loop' ? (
        <Form.Item label={t('lighting.energyStats.gateway')} name="gatewayId" rules={rules.gatewayId}>
          <GatewaySelect />
        </Form.Item>
      ) : null}
      {dimension === 'loop' ? (
        <Form.Item label={t('lighting.energyStats.loop')} name="loopIndex" rules={rules.loopIndex}>
          <InputNumber style={{ width: 100 }} placeholder={`${LOOP_COUNT_MIN}-${LOOP_COUNT_MAX}`} />
        </Form.Item>
      ) : null}
      {dimension === 'group' ? (
        <Form.Item label={t('lighting.energyStats.group')} name="groupId" rules={rules.groupId}>
          <GroupSelect />
        </Form.Item>
      ) : null}
      <Form.Item label={t('lighting.energyStats.granularity')} name="granularity">
        <Radio.Group
          optionType="button"
          options={GRANULARITIES.map((value) => ({ value, label: t(`lighting.energyStats.granularities.${value}`) }))}
        />
      </Form.Item>
      <Form.Item label={t('lighting.energyStats.range')} name="range" rules={[{ required: true, message: t('common.choose') }]}>
        <DatePicker.RangePicker
          picker={PICKERS[granularity]}
          format={PICKER_FORMATS[granularity]}
          allowClear={false}
          aria-label={t('lighting.energyStats.range')}
          style={{ width: granularity === 'year' ? 200 : 250 }}
        />
      </Form.Item>
      <Form.Item label={t('lighting.energyStats.compare')} name="compare">
        <Select style={{ width: 170 }} options={COMPARES.map((value) => ({ value, label: t(`lighting.energyStats.compares.${value}`) }))} />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />}>
            {t('common.search')}
          </Button>
          <Button icon={<SyncOutlined aria-hidden />} onClick={reset}>
            {t('common.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

interface PickerProps {
  id?: string;
  value?: number;
  onChange?: (value: number | undefined) => void;
}

/** The project's gateways (the first 500 of the gateway list), asked for once the scope needs one. */
function GatewaySelect(props: PickerProps) {
  const { t } = useTranslation();
  const gateways = useGatewayChoices();
  return (
    <Select {...props} showSearch allowClear optionFilterProp="label" loading={gateways.loading} placeholder={t('common.choose')} style={{ width: 220 }}
      options={gateways.choices.map(({ value, label }) => ({ value, label }))} />
  );
}

/** The project's device groups (the first 500), asked for once the scope needs one. */
function GroupSelect(props: PickerProps) {
  const { t } = useTranslation();
  const { data, isFetching } = useGetDeviceGroupsQuery({ pageNum: 1, pageSize: CHOICES_PAGE });
  return (
    <Select {...props} showSearch allowClear optionFilterProp="label" loading={isFetching} placeholder={t('common.choose')} style={{ width: 200 }}
      options={(data?.rows ?? []).map((group) => ({ value: group.groupId, label: group.groupName }))} />
  );
}
