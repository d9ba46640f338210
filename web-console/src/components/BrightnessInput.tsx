import { InputNumber, Space, type InputNumberProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { BRIGHTNESS_MAX, BRIGHTNESS_MIN } from '../lib/brightness';

export type BrightnessInputProps = Omit<InputNumberProps<number>, 'min' | 'max' | 'precision' | 'addonAfter' | 'addonBefore'>;

/**
 * The brightness of a switch on by hand (lib/brightness.ts): a whole number of percent from 1
 * to 100 (full, which sends no brightness), the percent sign after it. A field of a form, or on
 * its own with `value` and `onChange`.
 */
export default function BrightnessInput(props: BrightnessInputProps) {
  const { t } = useTranslation();
  return (
    <Space.Compact>
      <InputNumber<number> style={{ width: 90 }} {...props} min={BRIGHTNESS_MIN} max={BRIGHTNESS_MAX} precision={0} />
      <Space.Addon>{t('components.brightness.unit')}</Space.Addon>
    </Space.Compact>
  );
}
