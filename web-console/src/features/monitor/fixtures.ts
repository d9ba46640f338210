import type { ServerRoute } from '../../routes/types';
import { consoleBackend, serverRoutes } from '../../test/backend';
import type { Job, JobHandler, JobLog, LoginLog, OperLog } from './types';

/** Test data shaped as the contract's answers. */
export const ok = (body: Record<string, unknown> = {}) => ({ body: { code: 200, msg: '操作成功', ...body } });

const dict = (entries: [string, string, string][]) =>
  entries.map(([dictValue, dictLabelZh, dictLabelEn]) => ({ dictValue, dictLabel: dictLabelZh, dictLabelZh, dictLabelEn }));

const meta = (title: string, titleEn: string) => ({ title, titleEn, icon: '#' });

/** The demo route tree with the monitoring screens below the system directory (the job log, hidden, is there already). */
export const monitorRoutes: ServerRoute[] = serverRoutes.map((route) =>
  route.path === '/system'
    ? {
        ...route,
        children: [
          ...(route.children ?? []),
          { path: 'job', component: 'monitor/job/index', meta: meta('定时任务', 'Scheduled Jobs') },
          { path: 'logininfor', component: 'monitor/logininfor/index', meta: meta('登录日志', 'Login Log') },
          { path: 'operlog', component: 'monitor/operlog/index', meta: meta('操作日志', 'Operation Log') },
        ],
      }
    : route,
);

/** The handler registry, labels in Chinese (GET /monitor/job/handlers). */
export const handlers: JobHandler[] = [
  { key: 'heartbeat', label: '心跳（不做任何事）' },
  { key: 'cleanLoginLog', label: '清理90天前的登录日志' },
];

export const handlersEn: JobHandler[] = [
  { key: 'heartbeat', label: 'Heartbeat (does nothing)' },
  { key: 'cleanLoginLog', label: 'Delete login log entries older than 90 days' },
];

const job = (jobId: number, jobName: string, invokeTarget: string, cronExpression: string, status: string, nextValidTime: string): Job => ({
  jobId,
  jobName,
  jobGroup: jobId === 1 ? 'SYSTEM' : 'DEFAULT',
  invokeTarget,
  cronExpression,
  misfirePolicy: '3',
  concurrent: '1',
  failureStrategy: '0',
  status,
  remark: '',
  nextValidTime,
  createTime: '2026-05-01 09:00:00',
});

/** A job on its schedule and a paused one. */
export const jobs: Job[] = [
  job(1, '清理登录日志', 'cleanLoginLog', '0 0 2 * * ?', '0', '2026-05-02 02:00:00'),
  job(2, '心跳检测', 'heartbeat', '0/10 * * * * ?', '1', ''),
];

/** Three runs of the heartbeat: two succeeded, one failed; and one still running. */
export const jobLogs: JobLog[] = [
  {
    jobLogId: 12,
    jobId: 2,
    jobName: '心跳检测',
    jobGroup: 'DEFAULT',
    invokeTarget: 'heartbeat',
    fireTime: '2026-05-01 10:00:20',
    jobMessage: '',
    status: '',
    exceptionInfo: '',
    startTime: '2026-05-01 10:00:20',
    stopTime: '',
    createTime: '2026-05-01 10:00:20',
  },
  {
    jobLogId: 11,
    jobId: 2,
    jobName: '心跳检测',
    jobGroup: 'DEFAULT',
    invokeTarget: 'heartbeat',
    fireTime: '2026-05-01 10:00:10',
    jobMessage: '',
    status: '1',
    exceptionInfo: 'connection refused',
    startTime: '2026-05-01 10:00:10',
    stopTime: '2026-05-01 10:00:13',
    createTime: '2026-05-01 10:00:10',
  },
  {
    jobLogId: 10,
    jobId: 2,
    jobName: '心跳检测',
    jobGroup: 'DEFAULT',
    invokeTarget: 'heartbeat',
    fireTime: '2026-05-01 10:00:00',
    jobMessage: 'ok',
    status: '0',
    exceptionInfo: '',
    startTime: '2026-05-01 10:00:00',
    stopTime: '2026-05-01 10:00:00',
    createTime: '2026-05-01 10:00:00',
  },
];

/** A wrong password (locked the account) and a sign-in. */
export const loginLogs: LoginLog[] = [
  {
    infoId: 31,
    userName: 'operator',
    ipaddr: '10.0.0.8',
    loginLocation: '',
    browser: 'Chrome 120',
    os: 'Linux',
    userAgent: 'Mozilla/5.0',
    status: '1',
    msg: '密码错误次数过多，帐户已锁定',
    loginTime: '2026-05-01 08:30:00',
  },
  {
    infoId: 30,
    userName: 'admin',
    ipaddr: '10.0.0.7',
    loginLocation: '',
    browser: 'Firefox 126',
    os: 'Windows 10',
    userAgent: 'Mozilla/5.0',
    status: '0',
    msg: '登录成功',
    loginTime: '2026-05-01 08:00:00',
  },
];

/** A user's edit (a password in its parameters, redacted by the server) and a refused delete. */
export const operLogs: OperLog[] = [
  {
    operId: 51,
    title: 'system',
    businessType: 2,
    method: 'Edit a user',
    requestMethod: 'PUT',
    operatorType: 1,
    operName: 'admin',
    deptName: '',
    operUrl: '/prod-api/system/user',
    operIp: '10.0.0.7',
    operLocation: '',
    operParam: '{"userId":2,"nickName":"运维员","password":"******"}',
    jsonResult: '{"code":200,"msg":"操作成功"}',
    status: 0,
    errorMsg: '',
    operTime: '2026-05-01 09:15:00',
    costTime: 23,
  },
  {
    operId: 50,
    title: 'gateway',
    businessType: 3,
    method: 'Delete gateways',
    requestMethod: 'DELETE',
    operatorType: 1,
    operName: 'operator',
    deptName: '',
    operUrl: '/prod-api/lighting/gateway/9',
    operIp: '10.0.0.8',
    operLocation: '',
    operParam: '',
    jsonResult: '{"code":500,"msg":"网关不存在"}',
    status: 1,
    errorMsg: '网关不存在',
    operTime: '2026-05-01 09:10:00',
    costTime: 7,
  },
];

/** The backend with the monitoring screens' answers (the seed's dictionaries); routes can be replaced. */
export function monitorBackend(overrides: Parameters<typeof consoleBackend>[0] = {}) {
  return consoleBackend({
    'GET /system/menu/getRouters': ok({ data: monitorRoutes }),
    'GET /system/dict/data/type/sys_common_status': ok({ data: dict([['0', '成功', 'Success'], ['1', '失败', 'Failure']]) }),
    // not seeded: the interface's own texts stand in
    'GET /system/dict/data/type/sys_job_group': ok({ data: [] }),
    'GET /system/dict/data/type/sys_job_status': ok({ data: [] }),
    'GET /system/dict/data/type/sys_oper_type': ok({ data: [] }),
    'GET /monitor/job/handlers': (request) => ok({ data: request.headers.get('Content-Language') === 'en_US' ? handlersEn : handlers }),
    'GET /monitor/job/list': ok({ rows: jobs, total: jobs.length }),
    'GET /monitor/job/2': ok({ data: jobs[1] }),
    'GET /monitor/jobLog/list': ok({ rows: jobLogs, total: jobLogs.length }),
    'GET /monitor/logininfor/list': ok({ rows: loginLogs, total: loginLogs.length }),
    'GET /monitor/operlog/list': ok({ rows: operLogs, total: operLogs.length }),
    ...overrides,
  });
}
