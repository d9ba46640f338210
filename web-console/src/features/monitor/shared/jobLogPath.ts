import { useAppSelector } from '../../../app/hooks';
import { selectRouteEntries } from '../../menu/routesSlice';

/** The job log's server component: a hidden menu entry below the system directory. */
export const JOB_LOG_COMPONENT = 'monitor/job/log';

/** The query parameter of the job whose runs the job log shows (all runs without it). */
export const JOB_ID_PARAM = 'jobId';

/**
 * Where the job log is for this user (RuoYi's `/monitor/job-log/index/{jobId}`, here the
 * hidden menu's path with `?jobId=`), or undefined when the server gave no such route.
 */
export function useJobLogPath(): ((jobId?: number) => string) | undefined {
  const entry = useAppSelector(selectRouteEntries).find((candidate) => candidate.component === JOB_LOG_COMPONENT);
  if (!entry) return undefined;
  return (jobId) => (jobId === undefined ? entry.path : `${entry.path}?${JOB_ID_PARAM}=${jobId}`);
}
