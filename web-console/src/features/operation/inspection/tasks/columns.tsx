import { useTranslation } from 'react-i18next';
import type { ListColumn, SearchField } from '../../../../components/listPage';
import type { InspectionTask, InspectionTaskQuery } from '../../types';
import { entered, orNone } from '../shared';
import { TaskStatusTag } from '../Tags';
import '../../i18n';

/** The task list's columns: name, plan (or "added by hand"), route, team, times, status, points, who dealt with it. */
export function useTaskColumns(): ListColumn<InspectionTask>[] {
  const { t } = useTranslation();
  return [
    { key: 'taskName', title: t('operation.inspection.task.name'), render: (name: string) => entered(name) },
    {
      key: 'planName',
      title: t('operation.inspection.task.plan'),
      render: (name: string, task) => (task.planId === null || task.planId === undefined || task.planId === 0 ? t('operation.inspection.task.byHand') : entered(name)),
    },
    { key: 'routeName', title: t('operation.inspection.task.route'), render: (name: string) => entered(name) },
    { key: 'teamName', title: t('operation.inspection.task.team'), render: (name: string) => entered(name) },
    { key: 'startTime', title: t('operation.inspection.task.startTime'), render: orNone },
    { key: 'endTime', title: t('operation.inspection.task.endTime'), render: orNone },
    { key: 'status', title: t('operation.inspection.taskStatus.title'), render: (status: string) => <TaskStatusTag status={status} /> },
    { key: 'pointCount', title: t('operation.inspection.task.pointCount') },
    { key: 'abnormalCount', title: t('operation.inspection.task.abnormalCount') },
    { key: 'handlerName', title: t('operation.inspection.task.handler'), render: (name: string) => entered(name) },
    { key: 'finishTime', title: t('operation.inspection.task.finishTime'), render: orNone },
  ];
}

/** The search form: a keyword of the name (the status is the tab, "only my teams" the switch beside it). */
export function useTaskSearchFields(): SearchField<InspectionTaskQuery>[] {
  const { t } = useTranslation();
  return [{ kind: 'text', name: 'keyword', label: t('operation.inspection.keyword'), placeholder: t('operation.inspection.task.keywordPlaceholder') }];
}
