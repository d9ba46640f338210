import type { Job, JobChange } from '../types';

/** The job form's fields, as the server names them. */
export interface JobFormValues {
  jobName: string;
  jobGroup: string;
  invokeTarget?: string;
  cronExpression: string;
  misfirePolicy: string;
  concurrent: string;
  failureStrategy: string;
  status: string;
  remark?: string;
}

/**
 * A new job, with the server's defaults: the default group, a missed firing not caught up,
 * runs that do not overlap, a failure logged, paused until resumed.
 */
export const NEW_JOB: Partial<JobFormValues> = {
  jobGroup: 'DEFAULT',
  cronExpression: '',
  misfirePolicy: '3',
  concurrent: '1',
  failureStrategy: '0',
  status: '1',
};

export function toValues(job: Job): JobFormValues {
  const { jobName, jobGroup, invokeTarget, cronExpression, misfirePolicy, concurrent, failureStrategy, status, remark } = job;
  return { jobName, jobGroup, invokeTarget, cronExpression, misfirePolicy, concurrent, failureStrategy, status, remark };
}

const text = (value: string | undefined) => (value ?? '').trim();

/** The form's values as the server takes them, texts trimmed. */
export function toChange(values: JobFormValues): JobChange {
  return {
    jobName: text(values.jobName),
    jobGroup: values.jobGroup,
    invokeTarget: values.invokeTarget ?? '',
    cronExpression: text(values.cronExpression),
    misfirePolicy: values.misfirePolicy,
    concurrent: values.concurrent,
    failureStrategy: values.failureStrategy,
    status: values.status,
    remark: text(values.remark),
  };
}
