import { useMemo } from 'react';
import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { HOLD_CHOICES, UNTIL_NEXT_STEP } from '../lib/hold';

export type HoldSelectProps = Omit<SelectProps<number>, 'options' | 'mode'>;

/**
 * The hold of a switch by hand (lib/hold.ts): until the schedule's next step (the first
 * choice, 0, which sends no hold), or 15 minutes to 8 hours. A field of a form, or on its own
 * with `value` and `onChange`.
 */
export default function HoldSelect(props: HoldSelectProps) {
  const { t } = useTranslation();
  const options = useMemo(
    () =>
      HOLD_CHOICES.map((minutes) => ({
        value: minutes,
        label:
          minutes === UNTIL_NEXT_STEP
            ? t('components.hold.untilNext')
            : minutes < 60
              ? t('components.hold.minutes', { n: minutes })
              : t('components.hold.hours', { n: minutes / 60 }),
      })),
    [t],
  );
  return <Select<number> style={{ minWidth: 220 }} {...props} options={options} />;
}
