import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TimingState, TimingSwitchState } from '../types';
import '../i18n';

const SWITCH_COLORS: Record<TimingSwitchState, string> = { '1': 'gold', '0': 'default' };
const STATE_COLORS: Record<TimingState, string> = { '0': 'blue', '1': 'green', '2': 'default' };

const isSwitchState = (value: string): value is TimingSwitchState => Object.hasOwn(SWITCH_COLORS, value);
const isTimingState = (value: string): value is TimingState => Object.hasOwn(STATE_COLORS, value);

/** On (开启) or off (关闭); a code the console does not know as it is. */
export function SwitchTag({ value }: { value: string }) {
  const { t } = useTranslation();
  if (!isSwitchState(value)) return <>{value || '-'}</>;
  return <Tag color={SWITCH_COLORS[value]}>{t(`landscape.timingOneKey.switchStates.${value}`)}</Tag>;
}

/** Waiting (等待执行), in force (执行中) or over (已结束); a code the console does not know as it is. */
export function StateTag({ value }: { value: string }) {
  const { t } = useTranslation();
  if (!isTimingState(value)) return <>{value || '-'}</>;
  return <Tag color={STATE_COLORS[value]}>{t(`landscape.timingOneKey.states.${value}`)}</Tag>;
}
