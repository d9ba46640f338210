import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { answerWithFile } from '../../../test/download';
import type { MockRequest } from '../../../test/fetchMock';
import { renderApp } from '../../../test/renderWithProviders';
import { selectOption } from '../../../test/selectOption';
import { signInWithProject } from '../../../test/session';
import { monitorBackend, ok } from '../fixtures';

const lastListQuery = (callsTo: (key: string) => MockRequest[]) => callsTo('GET /monitor/logininfor/list').at(-1)?.query;
const rowOf = (userName: string) => screen.getByText(userName).closest('tr') as HTMLElement;

describe('the login log page', () => {
  it('lists the sign-ins with their results, searches by address, account, result and days, and exports them', async () => {
    signInWithProject();
    const { callsTo } = monitorBackend();
    const saved = answerWithFile('/monitor/logininfor/export');
    const { user } = renderApp({ route: '/system/logininfor' });
    await screen.findByText('operator');
    for (const name of ['访问编号', '用户名称', '登录地址', '浏览器', '操作系统', '登录状态', '提示信息', '访问时间']) {
      expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
    }
    const locked = rowOf('operator');
    expect(within(locked).getByText('失败')).toBeInTheDocument();
    expect(within(locked).getByText('密码错误次数过多，帐户已锁定')).toBeInTheDocument();
    expect(within(locked).getByText('10.0.0.8')).toBeInTheDocument();
    expect(within(locked).getByText('Chrome 120')).toHaveAttribute('translate', 'no');
    expect(within(locked).getByText('2026-05-01 08:30:00')).toBeInTheDocument();
    expect(within(rowOf('admin')).getByText('成功')).toBeInTheDocument();

    await user.type(screen.getByLabelText('登录地址'), '10.0.0.8');
    await user.type(screen.getByLabelText('用户名称'), ' operator ');
    await selectOption(user, document.body, '登录状态', '失败');
    // a range of whole days
    await user.click(screen.getByPlaceholderText('开始日期'));
    await user.type(screen.getByPlaceholderText('开始日期'), '2026-05-01');
    await user.keyboard('{Enter}');
    await user.type(screen.getByPlaceholderText('结束日期'), '2026-05-02');
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(lastListQuery(callsTo)?.get('status')).toBe('1'));
    expect(Object.fromEntries(lastListQuery(callsTo)?.entries() ?? [])).toEqual({
      pageNum: '1',
      pageSize: '20',
      ipaddr: '10.0.0.8',
      userName: 'operator',
      status: '1',
      'params[beginTime]': '2026-05-01',
      'params[endTime]': '2026-05-02',
    });

    await user.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatch(/^logininfor_\d{13}\.xlsx$/);
    const body = callsTo('POST /monitor/logininfor/export')[0]?.body as URLSearchParams;
    expect(Object.fromEntries(body.entries())).toEqual({
      ipaddr: '10.0.0.8',
      userName: 'operator',
      status: '1',
      'params[beginTime]': '2026-05-01',
      'params[endTime]': '2026-05-02',
    });
  });

  it('unlocks the account of the one selected row, after a confirmation', async () => {
    signInWithProject();
    const { callsTo } = monitorBackend({ 'GET /monitor/logininfor/unlock/operator': ok() });
    const { user } = renderApp({ route: '/system/logininfor' });
    await screen.findByText('operator');
    const unlock = screen.getByRole('button', { name: '解锁' });
    expect(unlock).toBeDisabled();
    await user.click(within(rowOf('operator')).getByRole('checkbox'));
    await user.click(within(rowOf('admin')).getByRole('checkbox'));
    // one row at a time
    expect(unlock).toBeDisabled();
    await user.click(within(rowOf('admin')).getByRole('checkbox'));
    expect(unlock).toBeEnabled();
    await user.click(unlock);
    let confirm = await screen.findByRole('dialog', { name: '系统提示' });
    expect(confirm).toHaveTextContent('确认要解锁用户“operator”吗？');
    await user.click(within(confirm).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '系统提示' })).not.toBeInTheDocument());
    expect(callsTo('GET /monitor/logininfor/unlock/operator')).toHaveLength(0);
    await user.click(unlock);
    confirm = await screen.findByRole('dialog', { name: '系统提示' });
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('用户“operator”解锁成功')).toBeInTheDocument();
    expect(callsTo('GET /monitor/logininfor/unlock/operator')).toHaveLength(1);
  });

  it('deletes the selected entries and cleans the log, each after a confirmation', async () => {
    signInWithProject();
    const { callsTo } = monitorBackend({ 'DELETE /monitor/logininfor/31,30': ok(), 'DELETE /monitor/logininfor/clean': ok() });
    const { user } = renderApp({ route: '/system/logininfor' });
    await screen.findByText('operator');
    expect(screen.getByRole('button', { name: '删除 访问 31' })).toBeInTheDocument();
    await user.click(within(rowOf('operator')).getByRole('checkbox'));
    await user.click(within(rowOf('admin')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: '删除' }));
    let confirm = await screen.findByRole('dialog', { name: '系统提示' });
    expect(confirm).toHaveTextContent('确定删除选中的 2 条数据吗？');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    expect(callsTo('DELETE /monitor/logininfor/31,30')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '系统提示' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: '清空' }));
    confirm = await screen.findByRole('dialog', { name: '系统提示' });
    expect(confirm).toHaveTextContent('确定清空全部登录日志吗？');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('清空成功')).toBeInTheDocument();
    expect(callsTo('DELETE /monitor/logininfor/clean')).toHaveLength(1);
  });

  it('offers only the buttons the user may use, and speaks English', async () => {
    signInWithProject();
    await changeLanguage('en');
    const { callsTo } = monitorBackend({
      'GET /getInfo': ok({
        user: { userId: 3, userName: 'viewer', nickName: '访客', avatar: '' },
        roles: ['ROLE_DEFAULT'],
        permissions: ['pc:monitor:logininfor:list', 'pc:monitor:logininfor:export'],
        defultMenu: '',
      }),
    });
    renderApp({ route: '/system/logininfor' });
    await screen.findByText('operator');
    for (const name of ['Access ID', 'User name', 'IP address', 'Browser', 'Operating system', 'Result', 'Message', 'Access time']) {
      expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
    }
    expect(within(rowOf('operator')).getByText('Failure')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    for (const name of ['Delete', 'Clean', 'Unlock', 'Delete access 31']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    // the messages are the server's, in the reader's language
    expect(callsTo('GET /monitor/logininfor/list')[0]?.headers.get('Content-Language')).toBe('en_US');
  });
});
