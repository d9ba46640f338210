import { useTranslation } from 'react-i18next';
import AsEntered from '../../../components/AsEntered';
import type { ListColumn, SearchField } from '../../../components/listPage';
import { optionLabel } from '../../system/useDictOptions';
import { durationSeconds } from '../rules';
import { useJobGroups, useResults } from '../shared/dicts';
import HandlerLabel from '../shared/HandlerLabel';
import { useJobHandlers } from '../shared/handlers';
import ResultTag from '../shared/ResultTag';
import type { JobLog, JobLogQuery } from '../types';
import '../i18n';

/**
 * A run's duration: the server's milliseconds (`costTime`), else whole seconds from its start and stop times; empty
 * while it runs.
 */
export function useDuration(): (log: JobLog) => string {
  const { t } = useTranslation();
  return (log) => {
    if (typeof log.costTime === 'number') return t('monitor.jobLog.millis', { value: log.costTime });
    const seconds = durationSeconds(log.startTime, log.stopTime);
    return seconds === undefined ? '' : t('monitor.jobLog.seconds', { value: seconds });
  };
}

/** The job log's columns: one row per firing, its fire time, result, message and duration. */
export function useJobLogColumns(): ListColumn<JobLog>[] {
  const { t } = useTranslation();
  const groups = useJobGroups();
  const { labelOf } = useJobHandlers();
  const duration = useDuration();
  return [
    { key: 'jobLogId', title: t('monitor.jobLog.jobLogId') },
    { key: 'jobName', title: t('monitor.job.jobName'), render: (name: string) => <AsEntered text={name} /> },
    { key: 'jobGroup', title: t('monitor.job.jobGroup'), render: (group: string) => optionLabel(groups, group) },
    { key: 'invokeTarget', title: t('monitor.job.invokeTarget'), render: (key: string) => <HandlerLabel label={labelOf(key)} handlerKey={key} /> },
    { key: 'fireTime', title: t('monitor.jobLog.fireTime') },
    { key: 'jobMessage', title: t('monitor.jobLog.jobMessage'), render: (message: string) => <AsEntered text={message} clip /> },
    { key: 'status', title: t('monitor.jobLog.status'), render: (status: string) => <ResultTag status={status} /> },
    { key: 'startTime', title: t('monitor.jobLog.startTime'), hidden: true },
    { key: 'stopTime', title: t('monitor.jobLog.stopTime'), hidden: true },
    { key: 'duration', title: t('monitor.jobLog.duration'), render: (_value: unknown, log) => duration(log) },
  ];
}

/** The job log's search fields: name, group, result, and the days of the runs. */
export function useJobLogSearchFields(): SearchField<JobLogQuery>[] {
  const { t } = useTranslation();
  return [
    { kind: 'text', name: 'jobName', label: t('monitor.job.jobName') },
    { kind: 'select', name: 'jobGroup', label: t('monitor.job.jobGroup'), options: useJobGroups() },
    { kind: 'select', name: 'status', label: t('monitor.jobLog.status'), options: useResults() },
    { kind: 'dateRange', name: 'runTime', from: 'params[beginTime]', to: 'params[endTime]', label: t('monitor.jobLog.runTime'), width: 260 },
  ];
}
