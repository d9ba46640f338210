import { Input, InputNumber, Row, Select, type FormRule } from 'antd';
import type { ReactNode } from 'react';
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
  /** Called when the operator picks (or clears) the attribute. */
  onAttributeChange?: (attribute: string | undefined) => void;
  /** A hint under the attribute (e.g. what a device event's 1 and 0 mean). */
  attributeHint?: ReactNode;
  /** The unit shown after the value ('' for none). */
  unit?: ReactNode;
  /** A further hint under the value (e.g. how a signal recovery value is written). */
  valueHint?: ReactNode;
}

/** One condition of an alarm type: attribute, comparison, value (with its unit), and how long it must last. */
export default function ConditionFields({
  side,
  attributeOptions,
  rules,
  dependencies,
  required,
  clearable,
  onAttributeChange,
  attributeHint,
  unit,
  valueHint,
}: ConditionFieldsProps) {
  const { t } = useTranslation();
  const comparisonOptions = COMPARISONS.map((comparison) => ({ value: comparison, label: comparison }));
  const item = (part: 'Attribute' | 'Comparison' | 'Value') => ({
    label: t(`alarm.type.${side}${part}`),
    name: `${side}${part}`,
    dependencies: dependencies[part],
    required,
  });
  const valueHints = [side === 'recovery' ? t('alarm.type.recoveryValueHint') : undefined, valueHint].filter((hint) => hint !== undefined && hint !== '');
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <legend style={{ fontSize: 14, fontWeight: 600, marginBottom: 8 }}>{t(`alarm.type.${side}`)}</legend>
      <Row gutter={12}>
        <FormField span={8} {...item('Attribute')} rules={rules.attribute} extra={attributeHint}>
          <Select allowClear={clearable} placeholder={t('alarm.type.chooseDeviceTypeFirst')} options={attributeOptions} onChange={onAttributeChange} />
        </FormField>
        <FormField xs={12} span={4} {...item('Comparison')} rules={rules.comparison}>
          <Select allowClear={clearable} options={comparisonOptions} />
        </FormField>
        <FormField xs={12} span={6} {...item('Value')} rules={rules.value}
          extra={valueHints.length > 0 ? valueHints.map((hint, index) => <div key={index}>{hint}</div>) : undefined}>
          {/* always a suffix: antd rebuilds the input when one comes or goes */}
          <Input inputMode="decimal" suffix={<span>{unit}</span>} />
        </FormField>
        <FormField span={6} label={t(`alarm.type.${side}Duration`)} name={`${side}Duration`} rules={rules.duration}>
          <InputNumber min={0} max={DURATION_MAX} precision={0} style={{ width: '100%' }} />
        </FormField>
      </Row>
    </fieldset>
  );
}
