import type { Dayjs } from 'dayjs';
import type { EnergyGranularity, EnergyScope } from '../types';
import type { Dimension } from './codes';
import { defaultRange, periodOf, type Compare, type Period } from './period';

/** A search as the page applies it: what is counted, by which buckets, over which days, compared with what. */
export interface EnergySearch {
  dimension: Dimension;
  scope: EnergyScope;
  granularity: EnergyGranularity;
  period: Period;
  compare: Compare;
}

/** The search form's values. */
export interface SearchValues {
  dimension: Dimension;
  gatewayId?: number;
  loopIndex?: number | null;
  groupId?: number;
  granularity: EnergyGranularity;
  range: [Dayjs, Dayjs];
  compare: Compare;
}

/** The search the page opens with: the whole project, by the day, the last 30 days, compared with nothing. */
export function initialValues(): SearchValues {
  return { dimension: 'project', granularity: 'day', range: defaultRange('day'), compare: 'none' };
}

/** The search of the form's values: only the scope's own pickers count. */
export function searchOf(values: SearchValues): EnergySearch {
  const scope: EnergyScope = {};
  if (values.dimension === 'gateway' || values.dimension === 'loop') scope.gatewayId = values.gatewayId;
  if (values.dimension === 'loop') scope.loopIndex = values.loopIndex ?? undefined;
  if (values.dimension === 'group') scope.groupId = values.groupId;
  return { dimension: values.dimension, scope, granularity: values.granularity, period: periodOf(values.granularity, values.range), compare: values.compare };
}
