import dayjs, { type Dayjs } from 'dayjs';
import { PLAN_ENABLED } from '../../rules';
import type { InspectionPlan, InspectionPlanChange } from '../../types';

export const DATE_FORMAT = 'YYYY-MM-DD';

/** The plan dialog's fields. */
export interface PlanFormValues {
  planName: string;
  routeId?: number;
  teamId?: number;
  period?: string;
  startDate?: Dayjs | null;
  endDate?: Dayjs | null;
  status: string;
  remark?: string;
}

/** A new plan is enabled; the period and the dates are chosen. */
export const NEW_PLAN: Partial<PlanFormValues> = { status: PLAN_ENABLED };

const dateOf = (text: string | null | undefined) => (text ? dayjs(text) : null);

export function toValues(plan: InspectionPlan): PlanFormValues {
  return {
    planName: plan.planName,
    routeId: plan.routeId,
    teamId: plan.teamId,
    period: plan.period,
    startDate: dateOf(plan.startDate),
    endDate: dateOf(plan.endDate),
    status: plan.status,
    remark: plan.remark,
  };
}

/** The body the server takes: texts trimmed, dates as YYYY-MM-DD (the rules made sure they are there). */
export function toChange(values: PlanFormValues): InspectionPlanChange {
  return {
    planName: values.planName.trim(),
    routeId: Number(values.routeId),
    teamId: Number(values.teamId),
    period: values.period ?? '',
    startDate: values.startDate ? values.startDate.format(DATE_FORMAT) : '',
    endDate: values.endDate ? values.endDate.format(DATE_FORMAT) : '',
    status: values.status,
    remark: (values.remark ?? '').trim(),
  };
}
