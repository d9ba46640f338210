import { Input, InputNumber, Row, Select, type FormRule } from 'antd';
import { FormField } from '../../../components/formDialog';
import { useTranslation } from 'react-i18next';
import { COMPARISONS, DURATION_MAX } from '../rules';
import '../i18n';

interface ConditionFieldsProps {
  /** The trigger condition, or the recovery condition. */
  side: 'trigger' | 'recovery';
  attributeOptions: { value: string; label: string }[];
  rules: { attribute: FormRule[]; comparison: FormRule[]; value: FormRule[]; duration: FormRule[] };
  /** Fields whose change checks the attribute, the comparison and the value again. */
  dependencies: Record<'Attribute' | 'Comparison' | 'Value', string[]>;
  /** Whether the attribute, comparison and value are marked required. */
  required: boolean;
  /** The recovery condition may be cleared; the trigger condition may not. */
  clearable: boolean;
}

/** One condition of an alarm type: attribute, comparison, value, and how long it must last. */
export default function ConditionFields({ side, attributeOptions, rules, dependencies, required, clearable }: ConditionFieldsProps) {
  const { t } = useTranslation();
  const comparisonOptions = COMPARISONS.map((comparison) => ({ value: comparison, label: comparison }));
  const item = (part: 'Attribute' | 'Comparison' | 'Value') => ({
    label: t(`alarm.type.${side}${part}`),
    name: `${side}${part}`,
    dependencies: dependencies[part],
    required,
  });
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <legend style={{ fontSize: 14, fontWeight: 600, marginBottom: 8 }}>{t(`alarm.type.${side}`)}</legend>
      <Row gutter={12}>
        <FormField span={8} {...item('Attribute')} rules={rules.attribute}>
          <Select allowClear={clearable} placeholder={t('alarm.type.chooseDeviceTypeFirst')} options={attributeOptions} />
        </FormField>
        <FormField xs={12} span={4} {...item('Comparison')} rules={rules.comparison}>
          <Select allowClear={clearable} options={comparisonOptions} />
        </FormField>
        <FormField xs={12} span={6} {...item('Value')} rules={rules.value} extra={side === 'recovery' ? t('alarm.type.recoveryValueHint') : undefined}>
          <Input inputMode="decimal" />
        </FormField>
        <FormField span={6} label={t(`alarm.type.${side}Duration`)} name={`${side}Duration`} rules={rules.duration}>
          <InputNumber min={0} max={DURATION_MAX} precision={0} style={{ width: '100%' }} />
        </FormField>
      </Row>
    </fieldset>
  );
}
