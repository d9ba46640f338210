import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { renderApp } from '../../../test/renderWithProviders';
import { selectOption } from '../../../test/selectOption';
import { signInWithProject } from '../../../test/session';
import { ok, systemBackend } from '../fixtures';

/** The row of the role with this key. */
const rowOf = async (roleKey: string) => (await screen.findByText(roleKey)).closest('tr') as HTMLElement;

/** The checkable tree labelled `label` inside `dialog`, once its nodes are there. */
async function treeIn(dialog: HTMLElement, label: string, firstNode: string) {
  const tree = within(dialog).getByRole('group', { name: label });
  await within(tree).findByText(firstNode);
  return tree;
}

describe('the roles page', () => {
  it('lists the roles, searches and exports them; the super administrator has no actions', async () => {
    signInWithProject();
    const { callsTo } = systemBackend();
    const { user } = renderApp({ route: '/system/role' });
    const operator = await rowOf('operator');
    expect(within(operator).getByText('运维人员')).toBeInTheDocument();
    expect(within(operator).getByRole('switch', { name: '状态 运维人员' })).toBeChecked();
    for (const name of ['修改 运维人员', '数据权限 运维人员', '分配用户 运维人员', '删除 运维人员']) expect(within(operator).getByRole('button', { name })).toBeInTheDocument();
    expect(within(await rowOf('guest')).getByRole('switch', { name: '状态 访客' })).not.toBeChecked();

    const admin = await rowOf('admin');
    expect(within(admin).queryAllByRole('button')).toEqual([]);
    expect(within(admin).getByRole('switch', { name: '状态 超级管理员' })).toBeDisabled();
    const [first] = callsTo('GET /system/role/list');
    expect(Object.fromEntries(first?.query ?? [])).toEqual({ pageNum: '1', pageSize: '20' });

    await user.type(screen.getByLabelText('权限字符'), 'oper');
    await selectOption(user, document.body, '状态', '正常');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(callsTo('GET /system/role/list').at(-1)?.query.get('roleKey')).toBe('oper'));
    expect(callsTo('GET /system/role/list').at(-1)?.query.get('status')).toBe('0');

    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:roles');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(callsTo('POST /system/role/export')).toHaveLength(1));
    const exported = callsTo('POST /system/role/export')[0]?.body as URLSearchParams;
    expect(Object.fromEntries(exported.entries())).toEqual({ roleKey: 'oper', status: '0' });
  });

  it('adds a role with parent-child linkage: checked and half-checked menus are sent', async () => {
    signInWithProject();
    const { callsTo } = systemBackend({ 'POST /system/role': ok() });
    const { user } = renderApp({ route: '/system/role' });
    await rowOf('operator');
    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '添加角色' });
    const tree = await treeIn(dialog, '菜单权限', '系统管理');

    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('角色名称为 1 到 30 个字符')).toBeInTheDocument();
    expect(await within(dialog).findByText('权限字符为 1 到 100 个字母、数字、下划线、中划线或冒号')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('角色名称'), ' 巡检员 ');
    await user.type(within(dialog).getByLabelText('权限字符'), 'care worker');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('权限字符为 1 到 100 个字母、数字、下划线、中划线或冒号')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('权限字符'));
    await user.type(within(dialog).getByLabelText('权限字符'), 'care:worker');
    await user.clear(within(dialog).getByLabelText('显示顺序'));
    await user.type(within(dialog).getByLabelText('显示顺序'), '4');

    // closed at first; linkage on
    expect(within(tree).queryByText('用户查询')).not.toBeInTheDocument();
    expect(within(tree).getByRole('checkbox', { name: '父子联动' })).toBeChecked();
    await user.click(within(tree).getByRole('checkbox', { name: '展开/折叠' }));
    await user.click(within(tree).getByText('用户查询'));
    await user.click(within(tree).getByText('角色管理'));
    expect(within(tree).getByRole('checkbox', { name: '全选/全不选' })).toBePartiallyChecked();
    await user.click(within(dialog).getByRole('button', { name: '确定' }));

    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(callsTo('POST /system/role')[0]?.body).toEqual({
      roleName: '巡检员',
      roleKey: 'care:worker',
      roleSort: 4,
      status: '0',
      // the user query button and the role screen with its button, and the screens and directory above them
      menuIds: [1, 100, 101, 1001, 1011],
      menuCheckStrictly: true,
      deptCheckStrictly: true,
      remark: '',
    });
  });

  it('adds a role without linkage: only the checked menus are sent; select all takes every one', async () => {
    signInWithProject();
    const { callsTo } = systemBackend({ 'POST /system/role': ok() });
    const { user } = renderApp({ route: '/system/role' });
    await rowOf('operator');
    await user.click(screen.getByRole('button', { name: '新增' }));
    let dialog = await screen.findByRole('dialog', { name: '添加角色' });
    let tree = await treeIn(dialog, '菜单权限', '系统管理');
    await user.type(within(dialog).getByLabelText('角色名称'), '目录管理员');
    await user.type(within(dialog).getByLabelText('权限字符'), 'dir');
    await user.click(within(tree).getByRole('checkbox', { name: '父子联动' }));
    await user.click(within(tree).getByText('系统管理'));
    await user.click(within(tree).getByRole('checkbox', { name: '展开/折叠' }));
    await user.click(within(tree).getByText('用户查询'));
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(callsTo('POST /system/role')[0]?.body).toMatchObject({ roleName: '目录管理员', roleKey: 'dir', menuIds: [1, 1001], menuCheckStrictly: false });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '添加角色' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: '新增' }));
    dialog = await screen.findByRole('dialog', { name: '添加角色' });
    tree = await treeIn(dialog, '菜单权限', '系统管理');
    await user.type(within(dialog).getByLabelText('角色名称'), '全部');
    await user.type(within(dialog).getByLabelText('权限字符'), 'all');
    await user.click(within(tree).getByRole('checkbox', { name: '全选/全不选' }));
    expect(within(tree).getByRole('checkbox', { name: '全选/全不选' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(callsTo('POST /system/role')).toHaveLength(2));
    expect(callsTo('POST /system/role')[1]?.body).toMatchObject({ menuIds: [1, 2, 100, 101, 200, 1001, 1002, 1011], menuCheckStrictly: true });
  });

  it("edits a role with the menus it has: the lowest granted ones come back with those above them", async () => {
    signInWithProject();
    const { callsTo } = systemBackend({ 'PUT /system/role': ok() });
    const { user } = renderApp({ route: '/system/role' });
    await user.click(await screen.findByRole('button', { name: '修改 运维人员' }));
    const dialog = await screen.findByRole('dialog', { name: '修改角色' });
    await treeIn(dialog, '菜单权限', '系统管理');
    expect(callsTo('GET /system/role/2')).toHaveLength(1);
    expect(within(dialog).getByLabelText('角色名称')).toHaveValue('运维人员');
    await user.click(within(dialog).getByRole('radio', { name: '停用' }));
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    expect(callsTo('PUT /system/role')[0]?.body).toEqual({
      roleId: 2,
      roleName: '运维人员',
      roleKey: 'operator',
      roleSort: 2,
      status: '1',
      menuIds: [1, 100, 1001],
      menuCheckStrictly: true,
      deptCheckStrictly: true,
      remark: '',
    });
  });

  it('sets the data scope: organizations only for the custom scope', async () => {
    signInWithProject();
    const { callsTo } = systemBackend({ 'PUT /system/role/dataScope': ok() });
    const { user } = renderApp({ route: '/system/role' });
    await user.click(await screen.findByRole('button', { name: '数据权限 运维人员' }));
    let dialog = await screen.findByRole('dialog', { name: '分配数据权限' });
    await waitFor(() => expect(callsTo('GET /system/role/deptTree/2')).toHaveLength(1));
    expect(within(dialog).getByTitle('项目数据权限')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('角色名称')).toBeDisabled();
    expect(within(dialog).queryByRole('group', { name: '数据权限' })).not.toBeInTheDocument();

    await selectOption(user, dialog, '数据范围', '自定数据权限');
    // every organization open at first
    const tree = await treeIn(dialog, '数据权限', '一班');
    await user.click(within(tree).getByText('研发部'));
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    expect(callsTo('PUT /system/role/dataScope')[0]?.body).toEqual({ roleId: 2, dataScope: '2', deptIds: [100, 102], deptCheckStrictly: true });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '分配数据权限' })).not.toBeInTheDocument());

    // a custom scope shows its organizations; another scope sends none
    await user.click(screen.getByRole('button', { name: '数据权限 访客' }));
    dialog = await screen.findByRole('dialog', { name: '分配数据权限' });
    await treeIn(dialog, '数据权限', '一班');
    await selectOption(user, dialog, '数据范围', '全部数据权限');
    expect(within(dialog).queryByRole('group', { name: '数据权限' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(callsTo('PUT /system/role/dataScope')).toHaveLength(2));
    expect(callsTo('PUT /system/role/dataScope')[1]?.body).toEqual({ roleId: 3, dataScope: '1', deptIds: [], deptCheckStrictly: true });
  });

  it('shows why a role held by users cannot be deleted', async () => {
    signInWithProject();
    const { callsTo } = systemBackend({ 'DELETE /system/role/2': ok({ code: 500, msg: '运维人员已分配，不能删除' }) });
    const { user } = renderApp({ route: '/system/role' });
    await user.click(await screen.findByRole('button', { name: '删除 运维人员' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('确定删除角色“运维人员”吗？');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('运维人员已分配，不能删除')).toBeInTheDocument();
    expect(callsTo('DELETE /system/role/2')).toHaveLength(1);
    expect(screen.queryByText('删除成功')).not.toBeInTheDocument();
  });

  it('switches a status after confirmation through changeStatus', async () => {
    signInWithProject();
    const { callsTo } = systemBackend({ 'PUT /system/role/changeStatus': ok() });
    const { user } = renderApp({ route: '/system/role' });
    await user.click(await screen.findByRole('switch', { name: '状态 运维人员' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('确认要停用角色“运维人员”吗？');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('停用成功')).toBeInTheDocument();
    expect(callsTo('PUT /system/role/changeStatus')[0]?.body).toEqual({ roleId: 2, status: '1' });
    await waitFor(() => expect(callsTo('GET /system/role/list').length).toBeGreaterThan(1));
  });

  it('offers only the buttons the user may use, and speaks English', async () => {
    signInWithProject();
    await changeLanguage('en');
    systemBackend({
      'GET /getInfo': ok({
        user: { userId: 3, userName: 'viewer', nickName: '访客', avatar: '' },
        roles: ['ROLE_DEFAULT'],
        permissions: ['pc:system:role:list', 'pc:system:role:query', 'pc:system:role:export'],
        defultMenu: '',
      }),
    });
    renderApp({ route: '/system/role' });
    expect(await screen.findByRole('switch', { name: 'Status of 运维人员' })).toBeDisabled();
    for (const name of ['Role ID', 'Role name', 'Permission key', 'Order', 'Status', 'Created']) {
      expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    for (const name of ['Add', 'Delete', 'Edit 运维人员', 'Data scope of 运维人员', 'Assign users to 运维人员', 'Delete 运维人员']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
