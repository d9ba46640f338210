import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { toDate } from '../../lib/date';

/** The server's limits of a job (identity's job model: name 64 characters, remark 500). */
export const JOB_NAME_MAX = 64;
export const JOB_REMARK_MAX = 500;

/** A job's name: 1 to 64 characters once trimmed. */
export function isJobName(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const length = [...value.trim()].length;
  return length >= 1 && length <= JOB_NAME_MAX;
}

/** A remark of at most 500 characters once trimmed (none is fine). */
export function isJobRemark(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  return typeof value === 'string' && [...value.trim()].length <= JOB_REMARK_MAX;
}

const rule =
  (ok: (value: unknown) => boolean, message: string): FormRule =>
  () => ({
    validator: (_rule, value: unknown) => (ok(value) ? Promise.resolve() : Promise.reject(new Error(message))),
  });

/**
 * antd rules of the job form, messages in the current language. The cron expression is
 * checked by the server (GET /monitor/job/nextTimes), whose reason the form shows.
 */
export function jobRules(t: TFunction) {
  return {
    jobName: [rule(isJobName, t('monitor.job.rules.name', { max: JOB_NAME_MAX }))],
    jobGroup: [{ required: true, message: t('monitor.job.rules.group') }],
    invokeTarget: [{ required: true, message: t('monitor.job.rules.target') }],
    cronExpression: [{ required: true, whitespace: true, message: t('monitor.job.rules.cron') }],
    remark: [rule(isJobRemark, t('monitor.job.rules.remark', { max: JOB_REMARK_MAX }))],
  };
}

/** Whole seconds from `start` to `stop` (the server's `YYYY-MM-DD HH:mm:ss`), or undefined while running or unreadable. */
export function durationSeconds(start: string | null | undefined, stop: string | null | undefined): number | undefined {
  const from = toDate(start);
  const to = toDate(stop);
  if (!from || !to || to < from) return undefined;
  return Math.round((to.getTime() - from.getTime()) / 1000);
}
