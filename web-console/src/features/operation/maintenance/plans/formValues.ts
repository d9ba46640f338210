import dayjs, { type Dayjs } from 'dayjs';
import type { MaintenancePlan, MaintenancePlanChange } from '../../types';

export const DATE_FORMAT = 'YYYY-MM-DD';

/** The plan dialog's fields. */
export interface PlanFormValues {
  planName: string;
  contractId?: number;
  planDate?: Dayjs | null;
  content?: string;
}

export function toValues(plan: MaintenancePlan): PlanFormValues {
  return { planName: plan.planName, contractId: plan.contractId, planDate: plan.planDate ? dayjs(plan.planDate) : null, content: plan.content };
}

/** The body the server takes: texts trimmed, the date as YYYY-MM-DD (the rules made sure it is there). */
export function toChange(values: PlanFormValues): MaintenancePlanChange {
  return {
    planName: values.planName.trim(),
    contractId: Number(values.contractId),
    planDate: values.planDate ? values.planDate.format(DATE_FORMAT) : '',
    content: (values.content ?? '').trim(),
  };
}

/**
 * Whether `day` cannot be picked for a plan: before today, or outside the contract's dates
 * (when one is chosen). The plan's own date, kept by an edit, is offered even when passed.
 */
export function isDayOff(day: Dayjs, today: Dayjs, contract?: { startDate: string; endDate: string }, kept?: string): boolean {
  const text = day.format(DATE_FORMAT);
  if (kept !== undefined && text === kept) return false;
  if (day.isBefore(today.startOf('day'))) return true;
  return contract !== undefined && (text < contract.startDate || text > contract.endDate);
}
