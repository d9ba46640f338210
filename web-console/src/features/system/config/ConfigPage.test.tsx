import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { answerWithFile } from '../../../test/download';
import type { MockRequest } from '../../../test/fetchMock';
import { renderApp } from '../../../test/renderWithProviders';
import { selectOption } from '../../../test/selectOption';
import { signInWithProject } from '../../../test/session';
import { ok, settingsBackend } from '../fixtures';

const lastListQuery = (callsTo: (key: string) => MockRequest[]) => callsTo('GET /system/config/list').at(-1)?.query;

describe('the parameters page', () => {
  it('lists the parameters, searches them and adds one after checking its name and key', async () => {
    signInWithProject();
    const { callsTo } = settingsBackend({ 'POST /system/config': ok() });
    const { user } = renderApp({ route: '/system/config' });
    const row = (await screen.findByText('inspection.remind.days')).closest('tr') as HTMLElement;
    expect(await within(row).findByText('巡检提醒天数')).toBeInTheDocument();
    expect(await within(row).findByText('100')).toBeInTheDocument();
    // not built in, not public
    expect(within(row).getAllByText('否')).toHaveLength(2);
    const builtIn = screen.getByText('sys.browser.nameZh').closest('tr') as HTMLElement;
    expect(within(builtIn).getAllByText('是')).toHaveLength(2);
    expect(within(builtIn).getByText('智慧景观照明云平台')).toBeInTheDocument();
    for (const name of ['参数主键', '参数名称', '参数键名', '参数键值', '系统内置', '公开', '备注', '创建时间']) {
      expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
    }

    await user.type(screen.getByLabelText('参数键名'), 'sys');
    await selectOption(user, document.body, '系统内置', '是');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(lastListQuery(callsTo)?.get('configType')).toBe('Y'));
    expect(lastListQuery(callsTo)?.get('configKey')).toBe('sys');
    expect(lastListQuery(callsTo)?.get('pageNum')).toBe('1');

    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增参数' });
    expect(dialog.closest('.ant-modal')).toHaveStyle({ width: '500px' });
    await user.type(within(dialog).getByLabelText('参数键名'), 'inspection timeout');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('参数名称为 1 到 100 个字符')).toBeInTheDocument();
    expect(await within(dialog).findByText('参数键名为 1 到 100 个字母、数字、下划线、中划线或点')).toBeInTheDocument();
    expect(callsTo('POST /system/config')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('参数名称'), ' 巡检超时小时 ');
    await user.clear(within(dialog).getByLabelText('参数键名'));
    await user.type(within(dialog).getByLabelText('参数键名'), 'inspection.timeout-hours');
    await user.type(within(dialog).getByLabelText('参数键值'), ' 48');
    await user.click(within(dialog).getByRole('radio', { name: '是' }));
    await user.click(within(dialog).getByLabelText('公开'));
    await user.type(within(dialog).getByLabelText('备注'), '超时后提醒');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(callsTo('POST /system/config')[0]?.body).toEqual({
      configName: '巡检超时小时',
      configKey: 'inspection.timeout-hours',
      // the value as written
      configValue: ' 48',
      configType: 'Y',
      isPublic: '1',
      remark: '超时后提醒',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '新增参数' })).not.toBeInTheDocument());
    await waitFor(() => expect(callsTo('GET /system/config/list').length).toBeGreaterThan(2));
  });

  it("edits a built-in parameter's value, its key fixed", async () => {
    signInWithProject();
    const { callsTo } = settingsBackend({ 'PUT /system/config': ok() });
    const { user } = renderApp({ route: '/system/config' });
    await user.click(await screen.findByRole('button', { name: '修改 浏览器标题（中文）' }));
    const dialog = await screen.findByRole('dialog', { name: '修改参数' });
    expect(within(dialog).getByLabelText('参数键名')).toHaveValue('sys.browser.nameZh');
    expect(within(dialog).getByLabelText('参数键名')).toHaveAttribute('readonly');
    expect(within(dialog).getByText('系统内置，不能修改')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('公开')).toBeChecked();
    await user.clear(within(dialog).getByLabelText('参数键值'));
    await user.type(within(dialog).getByLabelText('参数键值'), '景观照明平台');
    await user.click(within(dialog).getByLabelText('公开'));
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    expect(callsTo('PUT /system/config')[0]?.body).toEqual({
      configId: 1,
      configName: '浏览器标题（中文）',
      configKey: 'sys.browser.nameZh',
      configValue: '景观照明平台',
      configType: 'Y',
      isPublic: '0',
      remark: '登录页与标签页标题',
    });
  });

  it('refreshes the cache from the toolbar, after a confirmation', async () => {
    signInWithProject();
    let answer = ok({ code: 500, msg: '缓存服务不可用' });
    const { callsTo } = settingsBackend({ 'DELETE /system/config/refreshCache': () => answer });
    const { user } = renderApp({ route: '/system/config' });
    await screen.findByText('inspection.remind.days');
    // the kit's toolbar: after add and batch delete, before export; no button row of its own
    const toolbar = screen.getByRole('button', { name: '导出' }).parentElement as HTMLElement;
    expect(within(toolbar).getAllByRole('button').map((button) => button.textContent)).toEqual(['新增', '删除', '刷新缓存', '导出']);

    await user.click(screen.getByRole('button', { name: '刷新缓存' }));
    let confirm = await screen.findByRole('dialog', { name: '系统提示' });
    expect(confirm).toHaveTextContent('确定刷新参数缓存吗？');
    await user.click(within(confirm).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('DELETE /system/config/refreshCache')).toHaveLength(0);

    // a refusal is the server's message, without a success
    await user.click(screen.getByRole('button', { name: '刷新缓存' }));
    confirm = await screen.findByRole('dialog', { name: '系统提示' });
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('缓存服务不可用')).toBeInTheDocument();
    expect(screen.queryByText('刷新成功')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    answer = ok();
    await user.click(screen.getByRole('button', { name: '刷新缓存' }));
    confirm = await screen.findByRole('dialog', { name: '系统提示' });
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('刷新成功')).toBeInTheDocument();
    expect(callsTo('DELETE /system/config/refreshCache')).toHaveLength(2);
  });

  it("shows the server's refusal to delete a built-in parameter, and deletes the selected ones", async () => {
    signInWithProject();
    const { callsTo } = settingsBackend({
      'DELETE /system/config/1': ok({ code: 500, msg: '内置参数“浏览器标题（中文）”不能删除' }),
      'DELETE /system/config/100': ok(),
    });
    const { user } = renderApp({ route: '/system/config' });
    await user.click(await screen.findByRole('button', { name: '删除 浏览器标题（中文）' }));
    let confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('确定删除参数“浏览器标题（中文）”吗？');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('内置参数“浏览器标题（中文）”不能删除')).toBeInTheDocument();
    expect(callsTo('DELETE /system/config/1')).toHaveLength(1);
    expect(screen.queryByText('删除成功')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(screen.getByText('inspection.remind.days').closest('tr') as HTMLElement).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: '删除' }));
    confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('确定删除参数“巡检提醒天数”吗？');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    expect(callsTo('DELETE /system/config/100')).toHaveLength(1);
  });

  it('exports the searched parameters as config_<ms>.xlsx', async () => {
    signInWithProject();
    const { callsTo } = settingsBackend();
    const saved = answerWithFile('/system/config/export');
    const { user } = renderApp({ route: '/system/config' });
    await screen.findByText('inspection.remind.days');
    await user.type(screen.getByLabelText('参数名称'), '巡检');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(lastListQuery(callsTo)?.get('configName')).toBe('巡检'));
    await user.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatch(/^config_\d{13}\.xlsx$/);
    const [call] = callsTo('POST /system/config/export');
    expect(Object.fromEntries((call?.body as URLSearchParams).entries())).toEqual({ configName: '巡检' });
  });

  it('offers only the buttons the user may use, and speaks English', async () => {
    signInWithProject();
    await changeLanguage('en');
    settingsBackend({
      'GET /getInfo': ok({
        user: { userId: 3, userName: 'viewer', nickName: '访客', avatar: '' },
        roles: ['ROLE_DEFAULT'],
        permissions: ['pc:system:config:list', 'pc:system:config:query', 'pc:system:config:edit'],
        defultMenu: '',
      }),
    });
    const { user } = renderApp({ route: '/system/config' });
    await user.click(await screen.findByRole('button', { name: 'Edit 巡检提醒天数' }));
    for (const name of ['ID', 'Parameter name', 'Parameter key', 'Parameter value', 'Built in', 'Public', 'Remark', 'Created']) {
      expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
    }
    // shown as entered, left out of the language walk
    expect(screen.getByText('巡检提醒天数')).toHaveAttribute('translate', 'no');
    expect(screen.getByText('sys.browser.nameZh')).toHaveAttribute('translate', 'no');
    for (const name of ['Add', 'Delete', 'Export', 'Refresh cache', 'Delete 巡检提醒天数']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    const dialog = await screen.findByRole('dialog', { name: 'Edit parameter' });
    expect(within(dialog).getByLabelText('Parameter key')).not.toHaveAttribute('readonly');
    expect(within(dialog).getByRole('radio', { name: 'No' })).toBeChecked();
    await user.clear(within(dialog).getByLabelText('Parameter key'));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('Parameter key: 1 to 100 letters, digits, underscores, hyphens or dots')).toBeInTheDocument();
  });
});
