import { useTranslation } from 'react-i18next';
import AsEntered from '../../../components/AsEntered';
import type { ListColumn, SearchField } from '../../../components/listPage';
import { optionLabel } from '../../system/useDictOptions';
import { CONCURRENCY, useJobGroups, useJobStatuses, useTexts } from '../shared/dicts';
import HandlerLabel from '../shared/HandlerLabel';
import { useJobHandlers } from '../shared/handlers';
import type { Job, JobQuery } from '../types';
import JobStatusSwitch from './JobStatusSwitch';
import '../i18n';

/** The job list's columns: the call target by its handler's label, the status as a pause/resume switch. */
export function useJobColumns(): ListColumn<Job>[] {
  const { t } = useTranslation();
  const groups = useJobGroups();
  const concurrency = useTexts('job.concurrency', CONCURRENCY);
  const { labelOf } = useJobHandlers();
  return [
    { key: 'jobId', title: t('monitor.job.jobId') },
    { key: 'jobName', title: t('monitor.job.jobName'), render: (name: string) => <AsEntered text={name} /> },
    { key: 'jobGroup', title: t('monitor.job.jobGroup'), render: (group: string) => optionLabel(groups, group) },
    { key: 'invokeTarget', title: t('monitor.job.invokeTarget'), render: (key: string) => <HandlerLabel label={labelOf(key)} handlerKey={key} /> },
    { key: 'cronExpression', title: t('monitor.job.cronExpression'), render: (cron: string) => <AsEntered text={cron} /> },
    { key: 'concurrent', title: t('monitor.job.concurrent'), hidden: true, render: (value: string) => optionLabel(concurrency, value) },
    { key: 'status', title: t('monitor.job.status'), render: (_status: string, job) => <JobStatusSwitch job={job} /> },
    { key: 'nextValidTime', title: t('monitor.job.nextValidTime') },
    { key: 'remark', title: t('monitor.job.remark'), hidden: true, render: (remark: string) => <AsEntered text={remark} clip /> },
    { key: 'createTime', title: t('monitor.job.createTime'), hidden: true },
  ];
}

/** The job list's search fields: name, group, status. */
export function useJobSearchFields(): SearchField<JobQuery>[] {
  const { t } = useTranslation();
  return [
    { kind: 'text', name: 'jobName', label: t('monitor.job.jobName') },
    { kind: 'select', name: 'jobGroup', label: t('monitor.job.jobGroup'), options: useJobGroups() },
    { kind: 'select', name: 'status', label: t('monitor.job.status'), options: useJobStatuses() },
  ];
}
