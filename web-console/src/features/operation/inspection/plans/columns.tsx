import { useTranslation } from 'react-i18next';
import type { ListColumn, SearchField } from '../../../../components/listPage';
import { optionLabel } from '../../../system/useDictOptions';
import type { InspectionPlan, InspectionPlanQuery } from '../../types';
import { usePeriods, usePlanStatuses } from '../dicts';
import { entered, orNone } from '../shared';
import { PlanStatusTag } from '../Tags';
import '../../i18n';

/** The plan list's columns: name, route, team, period, dates, status, remark, creation. */
export function usePlanColumns(): ListColumn<InspectionPlan>[] {
  const { t } = useTranslation();
  const periods = usePeriods();
  return [
    { key: 'planName', title: t('operation.inspection.plan.name'), render: (name: string) => entered(name) },
    { key: 'routeName', title: t('operation.inspection.plan.route'), render: (name: string) => entered(name) },
    { key: 'teamName', title: t('operation.inspection.plan.team'), render: (name: string) => entered(name) },
    { key: 'period', title: t('operation.inspection.period.title'), render: (period: string) => optionLabel(periods, period) },
    { key: 'startDate', title: t('operation.inspection.plan.startDate'), render: orNone },
    { key: 'endDate', title: t('operation.inspection.plan.endDate'), render: orNone },
    { key: 'status', title: t('operation.inspection.planStatus.title'), render: (status: string) => <PlanStatusTag status={status} /> },
    { key: 'remark', title: t('operation.inspection.remark'), render: (remark: string) => entered(remark, true), hidden: true },
    { key: 'createTime', title: t('operation.inspection.createTime'), render: orNone },
  ];
}

/** The search form: status and a keyword of the name. */
export function usePlanSearchFields(): SearchField<InspectionPlanQuery>[] {
  const { t } = useTranslation();
  const statuses = usePlanStatuses();
  return [
    { kind: 'select', name: 'status', label: t('operation.inspection.planStatus.title'), options: statuses, width: 120 },
    { kind: 'text', name: 'keyword', label: t('operation.inspection.keyword'), placeholder: t('operation.inspection.plan.keywordPlaceholder') },
  ];
}
