import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { answerWithFile } from '../../../test/download';
import type { MockRequest } from '../../../test/fetchMock';
import { renderApp } from '../../../test/renderWithProviders';
import { selectOption } from '../../../test/selectOption';
import { signInWithProject } from '../../../test/session';
import { monitorBackend, ok } from '../fixtures';

const lastQuery = (callsTo: (key: string) => MockRequest[], key: string) => callsTo(key).at(-1)?.query;

const NEXT_TIMES = ['2026-05-01 10:00:10', '2026-05-01 10:00:20', '2026-05-01 10:00:30', '2026-05-01 10:00:40', '2026-05-01 10:00:50'];

/** GET /monitor/job/nextTimes as the server answers: five times, or its reason (code 400) for anything but a step of seconds. */
const nextTimes = (request: MockRequest) =>
  /^0\/\d+ \* \* \* \* \?$/.test(request.query.get('cronExpression') ?? '')
    ? ok({ data: NEXT_TIMES })
    : { status: 400, body: { code: 400, msg: 'Cron执行表达式不正确' } };

describe('the scheduled jobs page', () => {
  it("lists the jobs with their handlers' labels, searches them and exports them as job_<ms>.xlsx", async () => {
    signInWithProject();
    const { callsTo } = monitorBackend();
    const saved = answerWithFile('/monitor/job/export');
    const { user } = renderApp({ route: '/system/job' });
    const row = (await screen.findByText('清理登录日志')).closest('tr') as HTMLElement;
    expect(await within(row).findByText('系统')).toBeInTheDocument();
    expect(await within(row).findByText('清理90天前的登录日志')).toBeInTheDocument();
    expect(await within(row).findByText('0 0 2 * * ?')).toBeInTheDocument();
    expect(await within(row).findByText('2026-05-02 02:00:00')).toBeInTheDocument();
    expect(within(row).getByRole('switch', { name: '状态 清理登录日志' })).toBeChecked();
    const paused = screen.getByText('心跳检测').closest('tr') as HTMLElement;
    expect(within(paused).getByText('默认')).toBeInTheDocument();
    expect(within(paused).getByText('心跳（不做任何事）')).toBeInTheDocument();
    expect(within(paused).getByRole('switch', { name: '状态 心跳检测' })).not.toBeChecked();
    for (const name of ['任务编号', '任务名称', '任务组名', '调用目标', '执行表达式', '任务状态', '下次执行时间']) {
      expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
    }

    await user.type(screen.getByLabelText('任务名称'), '心跳');
    await selectOption(user, document.body, '任务组名', '默认');
    await selectOption(user, document.body, '任务状态', '暂停');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(lastQuery(callsTo, 'GET /monitor/job/list')?.get('status')).toBe('1'));
    expect(Object.fromEntries(lastQuery(callsTo, 'GET /monitor/job/list')?.entries() ?? [])).toEqual({
      pageNum: '1',
      pageSize: '20',
      jobName: '心跳',
      jobGroup: 'DEFAULT',
      status: '1',
    });

    await user.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatch(/^job_\d{13}\.xlsx$/);
    const body = callsTo('POST /monitor/job/export')[0]?.body as URLSearchParams;
    expect(Object.fromEntries(body.entries())).toEqual({ jobName: '心跳', jobGroup: 'DEFAULT', status: '1' });
  });

  it("adds a job: a handler of the registry, a cron expression the server checks as it is typed, its reason under the field", async () => {
    signInWithProject();
    const { callsTo } = monitorBackend({ 'GET /monitor/job/nextTimes': nextTimes, 'POST /monitor/job': ok() });
    const { user } = renderApp({ route: '/system/job' });
    await screen.findByText('清理登录日志');
    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '添加任务' });
    expect(dialog.closest('.ant-modal')).toHaveStyle({ width: '50%' });
    // the server's defaults: the default group, paused, runs that do not overlap
    expect(within(dialog).getByTitle('默认')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: '暂停' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: '禁止' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: '放弃执行' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: '记录日志' })).toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('任务名称为 1 到 64 个字符')).toBeInTheDocument();
    expect(await within(dialog).findByText('请选择调用目标')).toBeInTheDocument();
    expect(await within(dialog).findByText('请输入执行表达式')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('任务名称'), ' 心跳 ');
    // the call target is a choice among the registry's handlers, never free text
    await user.click(within(dialog).getByLabelText('调用目标'));
    const listbox = (await screen.findAllByRole('listbox')).at(-1)?.closest('.ant-select-dropdown') as HTMLElement;
    expect(within(listbox).getByTitle('清理90天前的登录日志')).toBeInTheDocument();
    await user.click(within(listbox).getByTitle('心跳（不做任何事）'));

    const cron = within(dialog).getByLabelText('执行表达式');
    await user.type(cron, '0 0 99 * * ?');
    expect(await within(dialog).findByText('Cron执行表达式不正确')).toBeInTheDocument();
    // the reason is under the field, not a notification
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
    expect(lastQuery(callsTo, 'GET /monitor/job/nextTimes')?.get('cronExpression')).toBe('0 0 99 * * ?');
    // asked once the typing rests, not at every key
    expect(callsTo('GET /monitor/job/nextTimes').length).toBeLessThan(5);
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(within(dialog).getByText('Cron执行表达式不正确')).toBeInTheDocument());
    expect(callsTo('POST /monitor/job')).toHaveLength(0);

    await user.clear(cron);
    await user.type(cron, '0/10 * * * * ?');
    const times = await within(dialog).findByRole('region', { name: '最近 5 次执行时间' });
    expect(within(times).getAllByRole('listitem').map((item) => item.textContent)).toEqual(NEXT_TIMES);
    expect(within(dialog).queryByText('Cron执行表达式不正确')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: '正常' }));
    await user.click(within(dialog).getByRole('radio', { name: '允许' }));
    await user.click(within(dialog).getByRole('radio', { name: '立即执行' }));
    await user.click(within(dialog).getByRole('radio', { name: '暂停任务' }));
    await user.type(within(dialog).getByLabelText('备注'), '检查调度');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(callsTo('POST /monitor/job')[0]?.body).toEqual({
      jobName: '心跳',
      jobGroup: 'DEFAULT',
      invokeTarget: 'heartbeat',
      cronExpression: '0/10 * * * * ?',
      misfirePolicy: '1',
      concurrent: '0',
      failureStrategy: '1',
      status: '0',
      remark: '检查调度',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '添加任务' })).not.toBeInTheDocument());
  });

  it('edits a paused job, showing its next fire times at once; a job on its schedule is paused first', async () => {
    signInWithProject();
    const { callsTo } = monitorBackend({
      'GET /monitor/job/nextTimes': nextTimes,
      'PUT /monitor/job': ok(),
      'PUT /monitor/job/changeStatus': ok(),
    });
    const { user } = renderApp({ route: '/system/job' });
    await screen.findByText('清理登录日志');
    // on its schedule: neither edit nor delete (spec section 4), paused first
    expect(screen.queryByRole('button', { name: '修改 清理登录日志' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '删除 清理登录日志' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '修改 心跳检测' }));
    const dialog = await screen.findByRole('dialog', { name: '修改任务' });
    expect(within(dialog).getByLabelText('任务名称')).toHaveValue('心跳检测');
    expect(within(dialog).getByTitle('心跳（不做任何事）')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('执行表达式')).toHaveValue('0/10 * * * * ?');
    const times = await within(dialog).findByRole('region', { name: '最近 5 次执行时间' });
    expect(within(times).getAllByRole('listitem')).toHaveLength(5);
    await user.clear(within(dialog).getByLabelText('任务名称'));
    await user.type(within(dialog).getByLabelText('任务名称'), '心跳巡检');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    expect(callsTo('PUT /monitor/job')[0]?.body).toEqual({
      jobId: 2,
      jobName: '心跳巡检',
      jobGroup: 'DEFAULT',
      invokeTarget: 'heartbeat',
      cronExpression: '0/10 * * * * ?',
      misfirePolicy: '3',
      concurrent: '1',
      failureStrategy: '0',
      status: '1',
      remark: '',
    });

    // pause, after a confirmation
    const toggle = screen.getByRole('switch', { name: '状态 清理登录日志' });
    await user.click(toggle);
    let confirm = await screen.findByRole('dialog', { name: '系统提示' });
    expect(confirm).toHaveTextContent('确认要暂停任务“清理登录日志”吗？');
    await user.click(within(confirm).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '系统提示' })).not.toBeInTheDocument());
    expect(callsTo('PUT /monitor/job/changeStatus')).toHaveLength(0);
    await user.click(toggle);
    confirm = await screen.findByRole('dialog', { name: '系统提示' });
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('暂停成功')).toBeInTheDocument();
    expect(callsTo('PUT /monitor/job/changeStatus')[0]?.body).toEqual({ jobId: 1, status: '1' });

    // resume
    await user.click(screen.getByRole('switch', { name: '状态 心跳检测' }));
    confirm = await screen.findByRole('dialog', { name: '系统提示' });
    expect(confirm).toHaveTextContent('确认要启用任务“心跳检测”吗？');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('启用成功')).toBeInTheDocument();
    expect(callsTo('PUT /monitor/job/changeStatus')[1]?.body).toEqual({ jobId: 2, status: '0' });
  });

  it('runs a job once after a confirmation, and opens the log of its runs', async () => {
    signInWithProject();
    const { callsTo } = monitorBackend({ 'PUT /monitor/job/run': ok() });
    const { user } = renderApp({ route: '/system/job' });
    await user.click(await screen.findByRole('button', { name: '执行一次 心跳检测' }));
    const confirm = await screen.findByRole('dialog', { name: '系统提示' });
    expect(confirm).toHaveTextContent('确认要立即执行一次“心跳检测”任务吗？');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('执行成功')).toBeInTheDocument();
    expect(callsTo('PUT /monitor/job/run')[0]?.body).toEqual({ jobId: 2, jobGroup: 'DEFAULT' });

    await user.click(screen.getByRole('button', { name: '调度日志 心跳检测' }));
    expect(await screen.findByText('正在查看任务“心跳检测”的调度日志')).toBeInTheDocument();
    await waitFor(() => expect(lastQuery(callsTo, 'GET /monitor/jobLog/list')?.get('jobId')).toBe('2'));
  });

  it('deletes paused jobs only: a selection with a job on its schedule is refused before any request', async () => {
    signInWithProject();
    const { callsTo } = monitorBackend({ 'DELETE /monitor/job/2': ok() });
    const { user } = renderApp({ route: '/system/job' });
    const running = (await screen.findByText('清理登录日志')).closest('tr') as HTMLElement;
    const paused = screen.getByText('心跳检测').closest('tr') as HTMLElement;
    await user.click(within(running).getByRole('checkbox'));
    await user.click(within(paused).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: '删除' }));
    let confirm = await screen.findByRole('dialog', { name: '系统提示' });
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('任务“清理登录日志”正在运行，请先暂停再修改或删除')).toBeInTheDocument();
    expect(callsTo('DELETE /monitor/job/1,2')).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '系统提示' })).not.toBeInTheDocument());

    await user.click(within(paused).getByRole('button', { name: '删除 心跳检测' }));
    confirm = await screen.findByRole('dialog', { name: '系统提示' });
    expect(confirm).toHaveTextContent('确定删除任务“心跳检测”吗？');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    expect(callsTo('DELETE /monitor/job/2')).toHaveLength(1);
  });

  it('offers only the buttons the user may use, and speaks English', async () => {
    signInWithProject();
    await changeLanguage('en');
    monitorBackend({
      'GET /getInfo': ok({
        user: { userId: 3, userName: 'viewer', nickName: '访客', avatar: '' },
        roles: ['ROLE_DEFAULT'],
        permissions: ['pc:monitor:job:list', 'pc:monitor:job:query'],
        defultMenu: '',
      }),
    });
    renderApp({ route: '/system/job' });
    const row = (await screen.findByText('心跳检测')).closest('tr') as HTMLElement;
    expect(await within(row).findByText('Heartbeat (does nothing)')).toBeInTheDocument();
    expect(await within(row).findByText('Default')).toBeInTheDocument();
    for (const name of ['Job ID', 'Job name', 'Job group', 'Call target', 'Cron expression', 'Job status', 'Next fire time']) {
      expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
    }
    expect(within(row).getByRole('switch', { name: 'Status of 心跳检测' })).toBeDisabled();
    // shown as entered, left out of the language walk
    expect(screen.getByText('心跳检测')).toHaveAttribute('translate', 'no');
    for (const name of ['Add', 'Delete', 'Export', 'Job log', 'Edit 心跳检测', 'Run 心跳检测 once', 'Job log of 心跳检测']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });
});
