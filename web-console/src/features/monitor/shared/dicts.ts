import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDictOptions, type DictOption } from '../../system/useDictOptions';
import '../i18n';

/** RuoYi's dictionaries of these screens, and the values the server writes (identity's jobs and logs). */
export const JOB_GROUP_DICT = 'sys_job_group';
export const JOB_STATUS_DICT = 'sys_job_status';
export const COMMON_STATUS_DICT = 'sys_common_status';
export const OPER_TYPE_DICT = 'sys_oper_type';

export const JOB_GROUPS = ['DEFAULT', 'SYSTEM'] as const;
export const JOB_STATUSES = ['0', '1'] as const;
export const RESULTS = ['0', '1'] as const;
/** RuoYi's business types the server records (edge/src/operlog.rs: business_type). */
export const OPER_TYPES = ['0', '1', '2', '3', '5', '6', '9'] as const;

/** The modules the server tags its routes with (edge/src/routes.rs), each named in the interface's texts. */
export const MODULES = ['system', 'monitor', 'project', 'lighting', 'alarm', 'auth', 'profile', 'live'] as const;

/** The text key of a module the interface names (one of MODULES). */
export const moduleKey = (module: string) => `monitor.operLog.modules.${module}` as 'monitor.operLog.modules.system';

/** The job form's choices, which RuoYi writes in its form rather than in a dictionary. */
export const MISFIRE_POLICIES = ['0', '1', '2', '3'] as const;
export const CONCURRENCY = ['0', '1'] as const;
export const FAILURE_STRATEGIES = ['0', '1'] as const;

type Kind = 'job.groups' | 'job.statuses' | 'job.misfire' | 'job.concurrency' | 'job.failure' | 'results' | 'operLog.types';

/** Values in the interface's texts: a dictionary's until the server's arrive (or when it has none), the form's choices. */
export function useTexts(kind: Kind, values: readonly string[]): DictOption[] {
  const { t } = useTranslation();
  // every kind has a text for each of its values (i18n/zh-CN.json); the compiler cannot follow the template
  return useMemo(() => values.map((value) => ({ value, label: t(`monitor.${kind}.${value}` as 'monitor.results.0') })), [t, kind, values]);
}

/** sys_job_group: "DEFAULT" default, "SYSTEM" system. */
export function useJobGroups(): DictOption[] {
  return useDictOptions(JOB_GROUP_DICT, useTexts('job.groups', JOB_GROUPS));
}

/** sys_job_status: "0" normal, "1" paused. */
export function useJobStatuses(): DictOption[] {
  return useDictOptions(JOB_STATUS_DICT, useTexts('job.statuses', JOB_STATUSES));
}

/** sys_common_status: "0" succeeded, "1" failed (a sign-in, an operation, a job's run). */
export function useResults(): DictOption[] {
  return useDictOptions(COMMON_STATUS_DICT, useTexts('results', RESULTS));
}

/** sys_oper_type: what an operation did (add, edit, delete, export, import, clean, other). */
export function useOperTypes(): DictOption[] {
  return useDictOptions(OPER_TYPE_DICT, useTexts('operLog.types', OPER_TYPES));
}
