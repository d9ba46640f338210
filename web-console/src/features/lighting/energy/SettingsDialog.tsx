import { useEffect } from 'react';
import { Form, Input, InputNumber, Radio, Row, Space, Spin, Typography, type FormInstance, type InputNumberProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormField } from '../../../components/formDialog';
import { useGetEnergySettingQuery, useUpdateEnergySettingMutation } from '../energyApi';
import { BASELINE_NOTE_MAX, energySettingRules } from '../rules';
import type { EnergyBaseline, EnergySetting } from '../types';
import HourBandEditor from './HourBandEditor';
import '../i18n';

interface SettingValues {
  peakPrice?: number | null;
  flatPrice?: number | null;
  valleyPrice?: number | null;
  hourBands?: string;
  baseline?: EnergyBaseline;
  baselineNote?: string;
}

const BASELINES: readonly EnergyBaseline[] = ['fullNight', 'lastYear'];
const PRICES = ['peakPrice', 'flatPrice', 'valleyPrice'] as const;

const valuesOf = (setting: EnergySetting): SettingValues => ({
  peakPrice: setting.peakPrice,
  flatPrice: setting.flatPrice,
  valleyPrice: setting.valleyPrice,
  hourBands: setting.hourBands,
  baseline: setting.baseline,
  baselineNote: setting.baselineNote,
});

/**
 * The project's energy settings (GET and PUT /lighting/energy/setting): the peak, flat and
 * valley prices (0 to 100 yuan per kWh, 4 decimals at most), the band of each local hour, the
 * baseline the savings are measured against and its note (500 characters at most); the time
 * zone, read only. Saved, the figures are read again (their costs and savings change).
 */
export default function SettingsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SettingValues>();
  const rules = energySettingRules(t);
  const { data: setting, isFetching } = useGetEnergySettingQuery(undefined, { refetchOnMountOrArgChange: true });
  const [update] = useUpdateEnergySettingMutation();

  useEffect(() => {
    if (setting) form.setFieldsValue(valuesOf(setting));
  }, [form, setting]);

  // the rules held: three prices, 24 bands, a baseline
  const save = (values: SettingValues) =>
    update({
      peakPrice: Number(values.peakPrice),
      flatPrice: Number(values.flatPrice),
      valleyPrice: Number(values.valleyPrice),
      hourBands: values.hourBands ?? '',
      baseline: values.baseline ?? 'fullNight',
      baselineNote: values.baselineNote ?? '',
    }).unwrap();

  return (
    <FormDialog<SettingValues> form={form} name="energySetting" size="half" editing title={t('lighting.energyStats.setting.title')} onSave={save} onClose={onClose}>
      <Spin spinning={isFetching}>
        <Row gutter={16}>
          {PRICES.map((price) => (
            <FormField key={price} span={8} label={t(`lighting.energyStats.setting.${price}`)} name={price} rules={rules[price]} required>
              <PriceInput />
            </FormField>
          ))}
          <FormField label={t('lighting.energyStats.setting.hourBands')} name="hourBands" rules={rules.hourBands} required>
            <HourBandEditor label={t('lighting.energyStats.setting.hourBands')} />
          </FormField>
          <FormField label={t('lighting.energyStats.setting.baseline')} name="baseline" rules={rules.baseline} required
            extra={<BaselineHint form={form} />}>
            <Radio.Group options={BASELINES.map((value) => ({ value, label: t(`lighting.energyStats.setting.baselines.${value}`) }))} />
          </FormField>
          <FormField label={t('lighting.energyStats.setting.baselineNote')} name="baselineNote" rules={rules.baselineNote}>
            <Input.TextArea rows={3} showCount count={{ max: BASELINE_NOTE_MAX }} placeholder={t('lighting.energyStats.setting.baselineNotePlaceholder')} />
          </FormField>
          <FormField label={t('lighting.energyStats.setting.timeZone')}>
            <span translate="no">{setting?.timeZone || '-'}</span>
          </FormField>
        </Row>
        {setting?.updateTime ? (
          <Typography.Text type="secondary">{t('lighting.energyStats.setting.updated', { by: setting.updateBy || '-', time: setting.updateTime })}</Typography.Text>
        ) : null}
      </Spin>
    </FormDialog>
  );
}

/** A price in yuan per kWh, the unit after it; shown to the cent at least. A field of the form. */
function PriceInput(props: InputNumberProps<number>) {
  const { t } = useTranslation();
  return (
    <Space.Compact style={{ width: '100%' }}>
      <InputNumber<number> style={{ width: '100%' }} step={0.01} {...props} />
      <Space.Addon>{t('lighting.energyStats.setting.priceUnit')}</Space.Addon>
    </Space.Compact>
  );
}

/** What the chosen baseline means. */
function BaselineHint({ form }: { form: FormInstance<SettingValues> }) {
  const { t } = useTranslation();
  const baseline = Form.useWatch('baseline', form);
  return baseline ? t(`lighting.energyStats.baselineKinds.${baseline}`) : null;
}
