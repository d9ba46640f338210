import { Slider } from 'antd';
import { useTranslation } from 'react-i18next';

/** Spec section 9: 0 to 1000, default 1000, 400 px tall. */
export const DEVICE_HEIGHT_MIN = 0;
export const DEVICE_HEIGHT_MAX = 1000;
export const DEVICE_HEIGHT_DEFAULT = 1000;
export const DEVICE_HEIGHT_PX = 400;

export interface DeviceHeightSliderProps {
  value?: number;
  onChange?: (value: number) => void;
}

/** The vertical device-height slider. */
export default function DeviceHeightSlider({ value = DEVICE_HEIGHT_DEFAULT, onChange }: DeviceHeightSliderProps) {
  const { t } = useTranslation();
  return (
    <div style={{ height: DEVICE_HEIGHT_PX, display: 'inline-block' }} data-testid="device-height-slider">
      <Slider
        vertical
        min={DEVICE_HEIGHT_MIN}
        max={DEVICE_HEIGHT_MAX}
        value={value}
        onChange={onChange}
        ariaLabelForHandle={t('components.deviceHeight')}
      />
    </div>
  );
}
