import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { answerWithFile } from '../../../test/download';
import type { MockRequest } from '../../../test/fetchMock';
import { renderApp } from '../../../test/renderWithProviders';
import { selectOption } from '../../../test/selectOption';
import { signInWithProject } from '../../../test/session';
import { jobLogs, monitorBackend, ok } from '../fixtures';

const lastListQuery = (callsTo: (key: string) => MockRequest[]) => callsTo('GET /monitor/jobLog/list').at(-1)?.query;
const rowOf = (id: number) => screen.getByText(String(id), { selector: 'td' }).closest('tr') as HTMLElement;

describe('the job log page', () => {
  it('shows every run when opened alone: fire time, result, message and duration; searches by name, group and result', async () => {
    signInWithProject();
    const { callsTo } = monitorBackend();
    const saved = answerWithFile('/monitor/jobLog/export');
    const { user } = renderApp({ route: '/system/jobLog' });
    await screen.findByText('2026-05-01 10:00:00');
    expect(lastListQuery(callsTo)?.has('jobId')).toBe(false);
    expect(screen.queryByText(/正在查看任务/)).not.toBeInTheDocument();
    for (const name of ['日志编号', '任务名称', '任务组名', '调用目标', '触发时间', '日志信息', '执行状态', '耗时']) {
      expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
    }
    // one row per firing: still running, failed after 3 s, succeeded within the second
    expect(within(rowOf(12)).getByText('执行中')).toBeInTheDocument();
    expect(within(rowOf(12)).getByText('2026-05-01 10:00:20')).toBeInTheDocument();
    expect(within(rowOf(11)).getByText('失败')).toBeInTheDocument();
    expect(within(rowOf(11)).getByText('3 秒')).toBeInTheDocument();
    expect(within(rowOf(10)).getByText('成功')).toBeInTheDocument();
    expect(within(rowOf(10)).getByText('ok')).toBeInTheDocument();
    expect(within(rowOf(10)).getByText('0 秒')).toBeInTheDocument();
    expect(await within(rowOf(10)).findByText('心跳（不做任何事）')).toBeInTheDocument();

    await user.type(screen.getByLabelText('任务名称'), '心跳');
    await selectOption(user, document.body, '任务组名', '默认');
    await selectOption(user, document.body, '执行状态', '失败');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(lastListQuery(callsTo)?.get('status')).toBe('1'));
    expect(lastListQuery(callsTo)?.get('jobName')).toBe('心跳');
    expect(lastListQuery(callsTo)?.get('jobGroup')).toBe('DEFAULT');

    await user.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatch(/^job_log_\d{13}\.xlsx$/);
    const body = callsTo('POST /monitor/jobLog/export')[0]?.body as URLSearchParams;
    expect(Object.fromEntries(body.entries())).toEqual({ jobName: '心跳', jobGroup: 'DEFAULT', status: '1' });
  });

  it("opened from a job: that job's runs, named above the list, exported as such, and back to every run", async () => {
    signInWithProject();
    const { callsTo } = monitorBackend();
    const saved = answerWithFile('/monitor/jobLog/export');
    const { user } = renderApp({ route: '/system/jobLog?jobId=2' });
    expect(await screen.findByText('正在查看任务“心跳检测”的调度日志')).toBeInTheDocument();
    await waitFor(() => expect(lastListQuery(callsTo)?.get('jobId')).toBe('2'));
    expect(callsTo('GET /monitor/jobLog/list').every((call) => call.query.get('jobId') === '2')).toBe(true);
    await user.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const body = callsTo('POST /monitor/jobLog/export')[0]?.body as URLSearchParams;
    expect(Object.fromEntries(body.entries())).toEqual({ jobId: '2' });

    await user.click(screen.getByRole('button', { name: '查看全部任务' }));
    await waitFor(() => expect(lastListQuery(callsTo)?.has('jobId')).toBe(false));
    expect(screen.queryByText(/正在查看任务/)).not.toBeInTheDocument();
  });

  it("shows a run's detail, deletes one after a confirmation and cleans the log after another", async () => {
    signInWithProject();
    const { callsTo } = monitorBackend({
      'GET /monitor/jobLog/11': ok({ data: jobLogs[1] }),
      'DELETE /monitor/jobLog/11': ok(),
      'DELETE /monitor/jobLog/clean': ok(),
    });
    const { user } = renderApp({ route: '/system/jobLog' });
    await screen.findByText('2026-05-01 10:00:00');
    await user.click(within(rowOf(11)).getByRole('button', { name: '详细 日志 11' }));
    const drawer = await screen.findByRole('dialog', { name: '调度日志详细' });
    expect(await within(drawer).findByText('connection refused')).toBeInTheDocument();
    expect(await within(drawer).findByText('2026-05-01 10:00:13')).toBeInTheDocument();
    expect(await within(drawer).findByText('3 秒')).toBeInTheDocument();
    expect(await within(drawer).findByText('失败')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '调度日志详细' })).not.toBeInTheDocument());

    await user.click(within(rowOf(11)).getByRole('button', { name: '删除 日志 11' }));
    let confirm = await screen.findByRole('dialog', { name: '系统提示' });
    expect(confirm).toHaveTextContent('确定删除编号为“11”的调度日志吗？');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    expect(callsTo('DELETE /monitor/jobLog/11')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '系统提示' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: '清空' }));
    confirm = await screen.findByRole('dialog', { name: '系统提示' });
    expect(confirm).toHaveTextContent('确定清空全部调度日志吗？');
    await user.click(within(confirm).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '系统提示' })).not.toBeInTheDocument());
    expect(callsTo('DELETE /monitor/jobLog/clean')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: '清空' }));
    confirm = await screen.findByRole('dialog', { name: '系统提示' });
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('清空成功')).toBeInTheDocument();
    expect(callsTo('DELETE /monitor/jobLog/clean')).toHaveLength(1);
    await waitFor(() => expect(callsTo('GET /monitor/jobLog/list').length).toBeGreaterThan(2));
  });

  it('offers only the buttons the user may use, and speaks English', async () => {
    signInWithProject();
    await changeLanguage('en');
    monitorBackend({
      'GET /getInfo': ok({
        user: { userId: 3, userName: 'viewer', nickName: '访客', avatar: '' },
        roles: ['ROLE_DEFAULT'],
        permissions: ['pc:monitor:jobLog:list'],
        defultMenu: '',
      }),
    });
    renderApp({ route: '/system/jobLog?jobId=2' });
    // the job is named by its id for a user who may not read it
    expect(await screen.findByText('The runs of the job "#2"')).toBeInTheDocument();
    await screen.findByText('2026-05-01 10:00:00');
    for (const name of ['Log ID', 'Job name', 'Job group', 'Call target', 'Fire time', 'Message', 'Result', 'Duration']) {
      expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
    }
    expect(within(rowOf(12)).getByText('Running')).toBeInTheDocument();
    expect(within(rowOf(11)).getByText('Failure')).toBeInTheDocument();
    expect(within(rowOf(11)).getByText('3 s')).toBeInTheDocument();
    // the handlers are not the user's to read: the key as sent
    expect(within(rowOf(11)).getByText('heartbeat')).toHaveAttribute('translate', 'no');
    for (const name of ['Delete', 'Clean', 'Export', 'Detail of log 11', 'Delete log 11']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });
});
