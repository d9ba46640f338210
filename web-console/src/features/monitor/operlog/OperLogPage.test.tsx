import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { answerWithFile } from '../../../test/download';
import type { MockRequest } from '../../../test/fetchMock';
import { renderApp } from '../../../test/renderWithProviders';
import { selectOption } from '../../../test/selectOption';
import { signInWithProject } from '../../../test/session';
import { monitorBackend, ok, operLogs } from '../fixtures';

const lastListQuery = (callsTo: (key: string) => MockRequest[]) => callsTo('GET /monitor/operlog/list').at(-1)?.query;
const rowOf = (id: number) => screen.getByText(String(id), { selector: 'td' }).closest('tr') as HTMLElement;

describe('the operation log page', () => {
  it('lists the operations by module and action, searches them and exports them', async () => {
    signInWithProject();
    const { callsTo } = monitorBackend();
    const saved = answerWithFile('/monitor/operlog/export');
    const { user } = renderApp({ route: '/system/operlog' });
    await screen.findByText('2026-05-01 09:15:00');
    for (const name of ['日志编号', '系统模块', '操作类型', '操作人员', '操作地址', '请求地址', '操作状态', '操作时间', '消耗时间']) {
      expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
    }
    const edit = rowOf(51);
    expect(within(edit).getByText('系统管理')).toBeInTheDocument();
    expect(within(edit).getByText('修改')).toBeInTheDocument();
    expect(within(edit).getByText('admin')).toHaveAttribute('translate', 'no');
    expect(within(edit).getByText('/prod-api/system/user')).toHaveAttribute('translate', 'no');
    expect(within(edit).getByText('成功')).toBeInTheDocument();
    expect(within(edit).getByText('23 毫秒')).toBeInTheDocument();
    // a module the interface does not name: as the server sent it
    const refused = rowOf(50);
    expect(within(refused).getByText('gateway')).toHaveAttribute('translate', 'no');
    expect(within(refused).getByText('删除', { selector: 'td' })).toBeInTheDocument();
    expect(within(refused).getByText('失败')).toBeInTheDocument();

    await selectOption(user, document.body, '系统模块', '系统管理');
    await user.type(screen.getByLabelText('操作人员'), 'admin');
    await selectOption(user, document.body, '操作类型', '修改');
    await selectOption(user, document.body, '操作状态', '成功');
    await user.type(screen.getByLabelText('操作地址'), '10.0.0.7');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(lastListQuery(callsTo)?.get('operIp')).toBe('10.0.0.7'));
    expect(Object.fromEntries(lastListQuery(callsTo)?.entries() ?? [])).toEqual({
      pageNum: '1',
      pageSize: '20',
      title: 'system',
      operName: 'admin',
      businessType: '2',
      status: '0',
      operIp: '10.0.0.7',
    });

    await user.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatch(/^operlog_\d{13}\.xlsx$/);
    const body = callsTo('POST /monitor/operlog/export')[0]?.body as URLSearchParams;
    expect(Object.fromEntries(body.entries())).toEqual({ title: 'system', operName: 'admin', businessType: '2', status: '0', operIp: '10.0.0.7' });
  });

  it("shows an operation's detail: module, action, path, operator, address, parameters as sent (password hidden), result and duration", async () => {
    signInWithProject();
    monitorBackend({ 'GET /monitor/operlog/51': ok({ data: operLogs[0] }), 'GET /monitor/operlog/50': ok({ data: operLogs[1] }) });
    const { user } = renderApp({ route: '/system/operlog' });
    await screen.findByText('2026-05-01 09:15:00');
    await user.click(within(rowOf(51)).getByRole('button', { name: '详细 日志 51' }));
    let drawer = await screen.findByRole('dialog', { name: '操作日志详细' });
    expect(await within(drawer).findByText('Edit a user')).toHaveAttribute('translate', 'no');
    expect(within(drawer).getByText(/^系统管理\s*\/\s*修改$/)).toBeInTheDocument();
    expect(within(drawer).getByText('PUT /prod-api/system/user')).toBeInTheDocument();
    expect(within(drawer).getByText('admin')).toBeInTheDocument();
    expect(within(drawer).getByText('10.0.0.7')).toBeInTheDocument();
    expect(within(drawer).getByLabelText('请求参数')).toHaveTextContent('{"userId":2,"nickName":"运维员","password":"******"}');
    expect(within(drawer).getByLabelText('返回参数')).toHaveTextContent('{"code":200,"msg":"操作成功"}');
    expect(within(drawer).getByText('成功')).toBeInTheDocument();
    expect(within(drawer).getByText('23 毫秒')).toBeInTheDocument();
    expect(within(drawer).getByText('2026-05-01 09:15:00')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '操作日志详细' })).not.toBeInTheDocument());

    await user.click(within(rowOf(50)).getByRole('button', { name: '详细 日志 50' }));
    drawer = await screen.findByRole('dialog', { name: '操作日志详细' });
    expect(await within(drawer).findByText('网关不存在')).toBeInTheDocument();
    expect(await within(drawer).findByText('失败')).toBeInTheDocument();
  });

  it('deletes a record and cleans the log, each after a confirmation', async () => {
    signInWithProject();
    const { callsTo } = monitorBackend({ 'DELETE /monitor/operlog/50': ok(), 'DELETE /monitor/operlog/clean': ok() });
    const { user } = renderApp({ route: '/system/operlog' });
    await screen.findByText('2026-05-01 09:15:00');
    await user.click(within(rowOf(50)).getByRole('button', { name: '删除 日志 50' }));
    let confirm = await screen.findByRole('dialog', { name: '系统提示' });
    expect(confirm).toHaveTextContent('确定删除编号为“50”的操作日志吗？');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    expect(callsTo('DELETE /monitor/operlog/50')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '系统提示' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: '清空' }));
    confirm = await screen.findByRole('dialog', { name: '系统提示' });
    expect(confirm).toHaveTextContent('确定清空全部操作日志吗？');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('清空成功')).toBeInTheDocument();
    expect(callsTo('DELETE /monitor/operlog/clean')).toHaveLength(1);
  });

  it('offers only the buttons the user may use, and speaks English', async () => {
    signInWithProject();
    await changeLanguage('en');
    monitorBackend({
      'GET /getInfo': ok({
        user: { userId: 3, userName: 'viewer', nickName: '访客', avatar: '' },
        roles: ['ROLE_DEFAULT'],
        permissions: ['pc:monitor:operlog:list', 'pc:monitor:operlog:query'],
        defultMenu: '',
      }),
      'GET /monitor/operlog/51': ok({ data: operLogs[0] }),
    });
    const { user } = renderApp({ route: '/system/operlog' });
    await screen.findByText('2026-05-01 09:15:00');
    for (const name of ['Log ID', 'Module', 'Action', 'Operator', 'IP address', 'Request path', 'Status', 'Time', 'Duration']) {
      expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
    }
    expect(within(rowOf(51)).getByText('System management')).toBeInTheDocument();
    expect(within(rowOf(51)).getByText('Edit')).toBeInTheDocument();
    expect(within(rowOf(51)).getByText('23 ms')).toBeInTheDocument();
    for (const name of ['Delete', 'Clean', 'Export', 'Delete record 51']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    await user.click(within(rowOf(51)).getByRole('button', { name: 'Detail of record 51' }));
    const drawer = await screen.findByRole('dialog', { name: 'Operation detail' });
    expect(await within(drawer).findByLabelText('Parameters')).toHaveTextContent('"password":"******"');
  });
});
