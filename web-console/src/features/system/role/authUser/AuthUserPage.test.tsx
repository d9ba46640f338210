import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../../i18n';
import { renderApp } from '../../../../test/renderWithProviders';
import { signInWithProject } from '../../../../test/session';
import { ok, roleUsersBackend } from '../../fixtures';

/** The row of the user with this account inside `scope`. */
const rowIn = async (scope: HTMLElement, userName: string) => (await within(scope).findByText(userName)).closest('tr') as HTMLElement;

/** The page shown in the main layout (the tags view keeps the role list mounted, hidden). */
const shownPage = (path: string) => document.querySelector(`[data-kept-path="${path}"]`) as HTMLElement;

describe("a role's user assignment", () => {
  it('opens from the role list; lists, searches and cancels a user after a confirmation', async () => {
    signInWithProject();
    const { callsTo } = roleUsersBackend();
    const { user, router } = renderApp({ route: '/system/role' });
    expect(within((await screen.findByText('admin')).closest('tr') as HTMLElement).queryByRole('button', { name: '分配用户 超级管理员' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: '分配用户 运维人员' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/role/authUser/2'));
    expect(await screen.findByRole('heading', { name: '分配用户：运维人员' })).toBeInTheDocument();
    const page = shownPage('/system/role/authUser/2');
    const operator = await rowIn(page, 'operator');
    expect(within(operator).getByText('运维员')).toBeInTheDocument();
    expect(within(operator).getByText('13900000000')).toBeInTheDocument();
    expect(within(operator).getByText('正常')).toBeInTheDocument();
    for (const name of ['账号', '姓名', '邮箱', '手机号码', '状态', '创建时间']) {
      expect(within(page).getByRole('columnheader', { name })).toBeInTheDocument();
    }
    expect(Object.fromEntries(callsTo('GET /system/role/authUser/allocatedList')[0]?.query ?? [])).toEqual({ pageNum: '1', pageSize: '20', roleId: '2' });

    await user.type(within(page).getByLabelText('手机号码'), '139');
    await user.click(within(page).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(callsTo('GET /system/role/authUser/allocatedList').at(-1)?.query.get('phonenumber')).toBe('139'));
    expect(callsTo('GET /system/role/authUser/allocatedList').at(-1)?.query.get('roleId')).toBe('2');

    await user.click(within(await rowIn(page, 'operator')).getByRole('button', { name: '取消授权 operator' }));
    let confirm = await screen.findByRole('dialog', { name: '系统提示' });
    expect(confirm).toHaveTextContent('确认要取消用户“operator”的该角色吗？');
    await user.click(within(confirm).getByRole('button', { name: '取消' }));
    expect(callsTo('PUT /system/role/authUser/cancel')).toHaveLength(0);

    await user.click(within(await rowIn(page, 'operator')).getByRole('button', { name: '取消授权 operator' }));
    confirm = await screen.findByRole('dialog', { name: '系统提示' });
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('取消授权成功')).toBeInTheDocument();
    expect(callsTo('PUT /system/role/authUser/cancel')[0]?.body).toEqual({ userId: 2, roleId: 2 });
    await waitFor(() => expect(within(page).queryByText('operator')).not.toBeInTheDocument());

    await user.click(within(page).getByRole('button', { name: '返回' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/role'));
  });

  it('adds users from a dialog of those without the role, then cancels the selected ones', async () => {
    signInWithProject();
    const { callsTo } = roleUsersBackend();
    const { user } = renderApp({ route: '/system/role/authUser/2' });
    const page = await waitFor(() => shownPage('/system/role/authUser/2') ?? Promise.reject(new Error('no page')));
    await rowIn(page, 'operator');
    const cancelSelected = within(page).getByRole('button', { name: '批量取消授权' });
    expect(cancelSelected).toBeDisabled();

    await user.click(within(page).getByRole('button', { name: '添加用户' }));
    const dialog = await screen.findByRole('dialog', { name: '选择用户' });
    expect(dialog.closest('.ant-modal')).toHaveStyle({ width: '50%' });
    const guest = await rowIn(dialog, 'guest');
    expect(within(guest).getByText('停用')).toBeInTheDocument();
    expect(within(dialog).queryByText('operator')).not.toBeInTheDocument();
    expect(callsTo('GET /system/role/authUser/unallocatedList')[0]?.query.get('roleId')).toBe('2');

    // nothing selected: asked to select
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('请选择要分配的用户')).toBeInTheDocument();
    expect(callsTo('PUT /system/role/authUser/selectAll')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('账号'), 'zhang');
    await user.click(within(dialog).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(within(dialog).queryByText('guest')).not.toBeInTheDocument());
    await user.click(within(await rowIn(dialog, 'zhangsan')).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: '重置' }));
    // a new search selects none: the guest and zhangsan, selected again
    await user.click(within(await rowIn(dialog, 'guest')).getByRole('checkbox'));
    await user.click(within(await rowIn(dialog, 'zhangsan')).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('分配成功')).toBeInTheDocument();
    const [granted] = callsTo('PUT /system/role/authUser/selectAll');
    expect(Object.fromEntries(granted?.query ?? [])).toEqual({ roleId: '2', userIds: '3,4' });
    expect(granted?.body).toBeUndefined();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '选择用户' })).not.toBeInTheDocument());
    await rowIn(page, 'guest');
    await rowIn(page, 'zhangsan');

    await user.click(within(await rowIn(page, 'guest')).getByRole('checkbox'));
    await user.click(within(await rowIn(page, 'zhangsan')).getByRole('checkbox'));
    expect(cancelSelected).toBeEnabled();
    await user.click(cancelSelected);
    const confirm = await screen.findByRole('dialog', { name: '系统提示' });
    expect(confirm).toHaveTextContent('确认要取消选中的 2 个用户的该角色吗？');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('取消授权成功')).toBeInTheDocument();
    expect(Object.fromEntries(callsTo('PUT /system/role/authUser/cancelAll')[0]?.query ?? [])).toEqual({ roleId: '2', userIds: '3,4' });
    await waitFor(() => expect(within(page).queryByText('zhangsan')).not.toBeInTheDocument());
    expect(within(page).queryByText('guest')).not.toBeInTheDocument();
    // the selection went with them
    await waitFor(() => expect(within(page).getByRole('button', { name: '批量取消授权' })).toBeDisabled());
  });

  it("speaks English, shows the server's refusal, and offers the changes to role editors only", async () => {
    signInWithProject();
    await changeLanguage('en');
    const { callsTo } = roleUsersBackend({
      'PUT /system/role/authUser/cancel': ok({ code: 500, msg: 'You cannot change your own roles' }),
    });
    const { user } = renderApp({ route: '/system/role/authUser/2' });
    expect(await screen.findByRole('heading', { name: 'Assign users: 运维人员' })).toBeInTheDocument();
    const page = shownPage('/system/role/authUser/2');
    const operator = await rowIn(page, 'operator');
    expect(within(operator).getByText('Normal')).toBeInTheDocument();
    for (const name of ['Account', 'Name', 'Email', 'Phone', 'Status', 'Created']) {
      expect(within(page).getByRole('columnheader', { name })).toBeInTheDocument();
    }
    expect(within(page).getByRole('button', { name: 'Add users' })).toBeInTheDocument();
    await user.click(within(operator).getByRole('button', { name: 'Cancel authorization of operator' }));
    const confirm = await screen.findByRole('dialog', { name: 'Prompt' });
    expect(confirm).toHaveTextContent('Take this role from the user "operator"?');
    await user.click(within(confirm).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('You cannot change your own roles')).toBeInTheDocument();
    expect(callsTo('PUT /system/role/authUser/cancel')).toHaveLength(1);
    expect(within(page).getByText('operator')).toBeInTheDocument();
  });

  it('shows the role list’s holders their users, without the changes', async () => {
    signInWithProject();
    await changeLanguage('en');
    roleUsersBackend({
      'GET /getInfo': ok({
        user: { userId: 3, userName: 'viewer', nickName: '访客', avatar: '' },
        roles: ['ROLE_DEFAULT'],
        permissions: ['pc:system:role:list'],
        defultMenu: '',
      }),
    });
    renderApp({ route: '/system/role/authUser/2' });
    // the role is not read without system:role:query: the title names no role
    expect(await screen.findByRole('heading', { name: 'Assign Users' })).toBeInTheDocument();
    const page = shownPage('/system/role/authUser/2');
    await rowIn(page, 'operator');
    for (const name of ['Add users', 'Cancel authorization', 'Cancel authorization of operator']) {
      expect(within(page).queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(within(page).queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
