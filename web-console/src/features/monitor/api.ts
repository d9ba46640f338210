import { api } from '../../api/api';
import type { Envelope } from '../../api/errors';
import { dataOf, toListPage, type ListPage } from '../../api/lists';
import type { Job, JobChange, JobHandler, JobLog, JobLogQuery, JobQuery, LoginLog, LoginLogQuery, OperLog, OperLogQuery } from './types';

/** Tag of a whole list (one per row otherwise, by id). */
export const LIST = 'LIST';

const listOf = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/**
 * Texts the server writes in the request's language (the handlers' labels, the login log's
 * messages) are tagged 'Dict' as well: the top bar invalidates it on a language change, so
 * they are fetched again in the new language.
 */
const LANGUAGE_TEXTS = 'Dict' as const;

/**
 * The login log, the operation log, scheduled jobs and their log (contract:
 * docs/api-compatibility.md; RuoYi-Vue's api/monitor/logininfor.js, operlog.js, job.js and
 * jobLog.js). Deletes take ids comma-separated; "clean" deletes every entry.
 */
export const monitorApi = api.enhanceEndpoints({ addTagTypes: ['LoginLog', 'OperLog', 'Job', 'JobLog'] }).injectEndpoints({
  endpoints: (build) => ({
    getLoginLogs: build.query<ListPage<LoginLog>, LoginLogQuery>({
      query: (params) => ({ url: '/monitor/logininfor/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => toListPage<LoginLog>(envelope),
      providesTags: [{ type: 'LoginLog', id: LIST }, LANGUAGE_TEXTS],
    }),
    deleteLoginLogs: build.mutation<void, number[]>({
      query: (infoIds) => ({ url: `/monitor/logininfor/${infoIds.join(',')}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: [{ type: 'LoginLog', id: LIST }],
    }),
    cleanLoginLogs: build.mutation<void, void>({
      query: () => ({ url: '/monitor/logininfor/clean', method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: [{ type: 'LoginLog', id: LIST }],
    }),
    /** GET /monitor/logininfor/unlock/{userName}: the account locked by wrong passwords signs in again. */
    unlockAccount: build.mutation<void, string>({
      query: (userName) => ({ url: `/monitor/logininfor/unlock/${encodeURIComponent(userName)}` }),
      transformResponse: () => undefined,
    }),

    getOperLogs: build.query<ListPage<OperLog>, OperLogQuery>({
      query: (params) => ({ url: '/monitor/operlog/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => toListPage<OperLog>(envelope),
      providesTags: [{ type: 'OperLog', id: LIST }],
    }),
    getOperLog: build.query<OperLog | undefined, number>({
      query: (operId) => ({ url: `/monitor/operlog/${operId}` }),
      transformResponse: (envelope: Envelope) => dataOf<OperLog | undefined>(envelope, undefined),
      providesTags: (_result, _error, operId) => [{ type: 'OperLog', id: operId }],
    }),
    deleteOperLogs: build.mutation<void, number[]>({
      query: (operIds) => ({ url: `/monitor/operlog/${operIds.join(',')}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: ['OperLog'],
    }),
    cleanOperLogs: build.mutation<void, void>({
      query: () => ({ url: '/monitor/operlog/clean', method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: ['OperLog'],
    }),

    getJobs: build.query<ListPage<Job>, JobQuery>({
      query: (params) => ({ url: '/monitor/job/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => toListPage<Job>(envelope),
      providesTags: (result) => [{ type: 'Job', id: LIST }, ...(result?.rows ?? []).map((row) => ({ type: 'Job' as const, id: row.jobId }))],
    }),
    /** A job, by the job log to name the job whose runs it shows: silent, a job deleted since is named by its id. */
    getJob: build.query<Job | undefined, number>({
      query: (jobId) => ({ url: `/monitor/job/${jobId}`, silent: true }),
      transformResponse: (envelope: Envelope) => dataOf<Job | undefined>(envelope, undefined),
      providesTags: (_result, _error, jobId) => [{ type: 'Job', id: jobId }],
    }),
    addJob: build.mutation<void, JobChange>({
      query: (body) => ({ url: '/monitor/job', method: 'POST', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: [{ type: 'Job', id: LIST }],
    }),
    updateJob: build.mutation<void, JobChange & { jobId: number }>({
      query: (body) => ({ url: '/monitor/job', method: 'PUT', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: (_result, _error, body) => [
        { type: 'Job', id: LIST },
        { type: 'Job', id: body.jobId },
      ],
    }),
    deleteJobs: build.mutation<void, number[]>({
      query: (jobIds) => ({ url: `/monitor/job/${jobIds.join(',')}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: [{ type: 'Job', id: LIST }],
    }),
    /** PUT /monitor/job/changeStatus: "0" resumes the job on its schedule, "1" pauses it. */
    changeJobStatus: build.mutation<void, { jobId: number; status: string }>({
      query: (body) => ({ url: '/monitor/job/changeStatus', method: 'PUT', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: (_result, _error, body) => [
        { type: 'Job', id: LIST },
        { type: 'Job', id: body.jobId },
      ],
    }),
    /** PUT /monitor/job/run: runs the job once now; answered once it has run (its run is in the log). */
    runJob: build.mutation<void, { jobId: number; jobGroup: string }>({
      query: (body) => ({ url: '/monitor/job/run', method: 'PUT', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: [{ type: 'JobLog', id: LIST }],
    }),
    /** The handlers a job may run: the registry written in code, labels in the reader's language. */
    getJobHandlers: build.query<JobHandler[], void>({
      query: () => ({ url: '/monitor/job/handlers' }),
      transformResponse: (envelope: Envelope) => listOf<JobHandler>(envelope.data),
      providesTags: [LANGUAGE_TEXTS],
    }),
    /**
     * The next five fire times of a cron expression; a refusal (the server's reason) is the
     * form's to show under its field, so the request is silent.
     */
    getJobNextTimes: build.query<string[], string>({
      query: (cronExpression) => ({ url: '/monitor/job/nextTimes', params: { cronExpression }, silent: true }),
      transformResponse: (envelope: Envelope) => listOf<string>(envelope.data),
    }),

    getJobLogs: build.query<ListPage<JobLog>, JobLogQuery>({
      query: (params) => ({ url: '/monitor/jobLog/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => toListPage<JobLog>(envelope),
      providesTags: [{ type: 'JobLog', id: LIST }],
    }),
    getJobLog: build.query<JobLog | undefined, number>({
      query: (jobLogId) => ({ url: `/monitor/jobLog/${jobLogId}` }),
      transformResponse: (envelope: Envelope) => dataOf<JobLog | undefined>(envelope, undefined),
      providesTags: (_result, _error, jobLogId) => [{ type: 'JobLog', id: jobLogId }],
    }),
    deleteJobLogs: build.mutation<void, number[]>({
      query: (jobLogIds) => ({ url: `/monitor/jobLog/${jobLogIds.join(',')}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: ['JobLog'],
    }),
    cleanJobLogs: build.mutation<void, void>({
      query: () => ({ url: '/monitor/jobLog/clean', method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: ['JobLog'],
    }),
  }),
});

export const {
  useGetLoginLogsQuery,
  useDeleteLoginLogsMutation,
  useCleanLoginLogsMutation,
  useUnlockAccountMutation,
  useGetOperLogsQuery,
  useGetOperLogQuery,
  useDeleteOperLogsMutation,
  useCleanOperLogsMutation,
  useGetJobsQuery,
  useGetJobQuery,
  useAddJobMutation,
  useUpdateJobMutation,
  useDeleteJobsMutation,
  useChangeJobStatusMutation,
  useRunJobMutation,
  useGetJobHandlersQuery,
  useLazyGetJobNextTimesQuery,
  useGetJobLogsQuery,
  useGetJobLogQuery,
  useDeleteJobLogsMutation,
  useCleanJobLogsMutation,
} = monitorApi;
