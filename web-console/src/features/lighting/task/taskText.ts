import type { TFunction } from 'i18next';
import { WEEKDAYS } from '../rules';
import type { PlanSegment } from '../types';
import { CLOCK, weekdaysOf } from './formValues';
import { clockOf } from './planTime';

/** A start or an end in words: "22:00", "日落", "日落 +15 分钟" / "Sunset +15 min". */
export function dayTimeText(t: TFunction, type: string, time: string | null, offset: number | null): string {
  if (type === CLOCK) return time ?? '-';
  const sun = t(`lighting.task.dayTimeType.${type === '1' ? '1' : '2'}`);
  if (!offset) return sun;
  return t(offset > 0 ? 'lighting.task.sunPlus' : 'lighting.task.sunMinus', { sun, minutes: Math.abs(offset) });
}

/** The date range in words; '' when both ends are open. */
export function dateRangeText(t: TFunction, from: string | null, to: string | null): string {
  if (from && to) return t('lighting.task.between', { from, to });
  if (from) return t('lighting.task.fromDate', { date: from });
  if (to) return t('lighting.task.toDate', { date: to });
  return '';
}

/** The weekdays in words: "每天" / "Every day", else the days ("周一、周三" / "Mon, Wed"). */
export function weekdaysText(t: TFunction, weekdays: string): string {
  const days = weekdaysOf(weekdays);
  if (days.length === WEEKDAYS.length) return t('lighting.task.everyDay');
  if (days.length === 0) return '-';
  return days.map((day) => t(`lighting.task.weekday.${day}`)).join(t('lighting.task.weekdaySeparator'));
}

/** The light of a segment or a reading: "开 80%" / "On 80%", "关" / "Off". */
export function lightText(t: TFunction, switchState: string | null, brightness: number | null): string {
  if (switchState === '1') return brightness === null ? t('lighting.plan.onPlain') : t('lighting.plan.on', { brightness });
  return t('lighting.plan.off');
}

/** Why a loop does what it does over a segment. */
export function causeText(t: TFunction, segment: PlanSegment): string {
  switch (segment.cause) {
    case 'task':
      return t('lighting.plan.cause.task', { task: segment.taskName ?? '-', scene: segment.sceneName ?? '-', priority: segment.priority ?? '-' });
    case 'override':
      return t('lighting.plan.cause.override');
    case 'minimumBurn':
      return t('lighting.plan.cause.minimumBurn', { until: clockOf(segment.until) || '-' });
    case 'idle':
      return t('lighting.plan.cause.idle');
    default:
      return segment.cause;
  }
}

export function segmentText(t: TFunction, segment: PlanSegment): string {
  return t('lighting.plan.segment', {
    from: clockOf(segment.from),
    to: clockOf(segment.to),
    light: lightText(t, segment.switchState, segment.brightness),
    cause: causeText(t, segment),
  });
}
