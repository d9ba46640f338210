/**
 * The monitoring screens' wire shapes (contract: docs/api-compatibility.md, "Login log and
 * operation log" and "Scheduled jobs, their log, and advice"). Times are the server's
 * `YYYY-MM-DD HH:mm:ss`, shown as sent.
 */

/** Day ranges of the log screens: RuoYi's params[beginTime] and params[endTime], whole days. */
interface DayRange {
  'params[beginTime]'?: string;
  'params[endTime]'?: string;
}

/** A sign-in or sign-out (GET /monitor/logininfor/list). */
export interface LoginLog {
  infoId: number;
  userName: string;
  ipaddr: string;
  /** Empty: a private deployment has no address lookup. */
  loginLocation: string;
  browser: string;
  os: string;
  userAgent: string;
  /** sys_common_status: "0" succeeded, "1" failed. */
  status: string;
  /** In the reader's language. */
  msg: string;
  loginTime: string;
}

export interface LoginLogQuery extends DayRange {
  pageNum: number;
  pageSize: number;
  ipaddr?: string;
  userName?: string;
  status?: string;
}

/** A recorded write (GET /monitor/operlog/list and /monitor/operlog/{operId}). */
export interface OperLog {
  operId: number;
  /** The module: the server's tag of the route (system, monitor, lighting...). */
  title: string;
  /** RuoYi's business type: 0 other, 1 add, 2 edit, 3 delete, 5 export, 6 import, 9 clean. */
  businessType: number;
  /** What the route does, as the server's route table says it. */
  method: string;
  requestMethod: string;
  operatorType: number;
  operName: string;
  deptName: string;
  operUrl: string;
  operIp: string;
  operLocation: string;
  /** The parameters as sent, passwords and secrets already replaced by ****** on the server. */
  operParam: string;
  jsonResult: string;
  /** 0 succeeded, 1 failed. */
  status: number;
  errorMsg: string;
  operTime: string;
  /** Milliseconds. */
  costTime: number;
}

export interface OperLogQuery extends DayRange {
  pageNum: number;
  pageSize: number;
  title?: string;
  operName?: string;
  businessType?: string;
  status?: string;
  operIp?: string;
}

/** A scheduled job (GET /monitor/job/list and /monitor/job/{jobId}). */
export interface Job {
  jobId: number;
  jobName: string;
  jobGroup: string;
  /** A key of the handler registry written in code (GET /monitor/job/handlers). */
  invokeTarget: string;
  cronExpression: string;
  /** "0" default, "1" fire at once, "2" fire once, "3" do nothing. */
  misfirePolicy: string;
  /** "0" runs may overlap, "1" they may not. */
  concurrent: string;
  /** "0" log a failure, "1" also pause the job. */
  failureStrategy: string;
  /** "0" normal (running on its schedule), "1" paused. */
  status: string;
  remark: string;
  /** Empty while paused. */
  nextValidTime: string;
  createTime: string;
}

export interface JobQuery {
  pageNum: number;
  pageSize: number;
  jobName?: string;
  jobGroup?: string;
  status?: string;
}

/** POST /monitor/job body; PUT adds jobId. */
export interface JobChange {
  jobId?: number;
  jobName: string;
  jobGroup: string;
  invokeTarget: string;
  cronExpression: string;
  misfirePolicy: string;
  concurrent: string;
  failureStrategy: string;
  status: string;
  remark: string;
}

/** A handler a job may run (GET /monitor/job/handlers), its label in the reader's language. */
export interface JobHandler {
  key: string;
  label: string;
}

/** One run of a job (GET /monitor/jobLog/list and /monitor/jobLog/{jobLogId}). */
export interface JobLog {
  jobLogId: number;
  jobId: number;
  jobName: string;
  jobGroup: string;
  invokeTarget: string;
  /** The firing's own time: one entry per firing, whichever replica ran it. */
  fireTime: string;
  jobMessage: string;
  /** sys_common_status: "0" succeeded, "1" failed; empty while it runs. */
  status: string;
  exceptionInfo: string;
  startTime: string;
  /** Empty while it runs. */
  stopTime: string;
  /** How long the run took, in milliseconds; absent while it runs. */
  costTime?: number | null;
  createTime: string;
}

export interface JobLogQuery extends DayRange {
  pageNum: number;
  pageSize: number;
  /** The runs of one job (the job list's "log" button). */
  jobId?: number;
  jobName?: string;
  jobGroup?: string;
  status?: string;
}
