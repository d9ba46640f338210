import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n';
import type { MockRequest } from '../../../test/fetchMock';
import { renderApp } from '../../../test/renderWithProviders';
import { selectOption } from '../../../test/selectOption';
import { signInWithProject } from '../../../test/session';
import { ok, systemBackend } from '../fixtures';

const WEAK_PASSWORD = '密码须包含大写字母、小写字母、数字和特殊字符，至少 8 位，且不能有空格';

/** The last list request's query. */
const lastListQuery = (callsTo: (key: string) => MockRequest[]) => callsTo('GET /system/user/list').at(-1)?.query;

describe('the users page', () => {
  it('lists the users of the organization clicked in the tree, filtered by the search form, and exports them', async () => {
    signInWithProject();
    const { callsTo } = systemBackend();
    const { user } = renderApp({ route: '/system/user' });
    const row = (await screen.findByText('operator')).closest('tr') as HTMLElement;
    expect(await within(row).findByText('运维员')).toBeInTheDocument();
    expect(await within(row).findByText('运维部')).toBeInTheDocument();
    expect(await within(row).findByText('13900000000')).toBeInTheDocument();
    expect(within(row).getByRole('switch', { name: '状态 operator' })).toBeChecked();
    expect(lastListQuery(callsTo)?.has('deptId')).toBe(false);

    const tree = screen.getByRole('region', { name: '组织架构' });
    await user.click(await within(tree).findByText('研发部'));
    await waitFor(() => expect(lastListQuery(callsTo)?.get('deptId')).toBe('102'));
    expect(lastListQuery(callsTo)?.get('pageNum')).toBe('1');

    await user.type(screen.getByLabelText('手机号码'), '139');
    await selectOption(user, document.body, '状态', '停用');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(lastListQuery(callsTo)?.get('status')).toBe('1'));
    expect(lastListQuery(callsTo)?.get('phonenumber')).toBe('139');
    expect(lastListQuery(callsTo)?.get('deptId')).toBe('102');

    // the filter box keeps the matching nodes and those above them
    await user.type(within(tree).getByLabelText('请输入组织名称'), '一班');
    await waitFor(() => expect(within(tree).queryByText('研发部')).not.toBeInTheDocument());
    expect(within(tree).getByText('运维部')).toBeInTheDocument();
    await user.click(within(tree).getByText('一班'));
    await waitFor(() => expect(lastListQuery(callsTo)?.get('deptId')).toBe('103'));
    // another organization keeps the search form (as RuoYi does)
    expect(lastListQuery(callsTo)?.get('status')).toBe('1');
    expect(lastListQuery(callsTo)?.get('phonenumber')).toBe('139');
    expect(screen.getByLabelText('手机号码')).toHaveValue('139');

    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:users');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(callsTo('POST /system/user/export')).toHaveLength(1));
    const exported = callsTo('POST /system/user/export')[0]?.body as URLSearchParams;
    expect(Object.fromEntries(exported.entries())).toEqual({ phonenumber: '139', status: '1', deptId: '103' });
  });

  it('adds a user with roles, chosen projects and qualifications', async () => {
    signInWithProject();
    const { callsTo } = systemBackend({ 'POST /system/user': ok() });
    const { user } = renderApp({ route: '/system/user' });
    await screen.findByText('operator');
    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增用户' });
    expect(dialog.closest('.ant-modal')).toHaveStyle({ width: '50%' });

    await user.type(within(dialog).getByLabelText('账号'), 'zhang san');
    await user.type(within(dialog).getByLabelText('密码'), 'abc123');
    await user.type(within(dialog).getByLabelText('手机号码'), '12345678901');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('账号为 1 到 30 个字符，不能包含空格')).toBeInTheDocument();
    expect(await within(dialog).findByText('姓名为 1 到 30 个字符')).toBeInTheDocument();
    // antd may replace the message's node as the field validates again: read it until it holds.
    await waitFor(() => expect(within(dialog).getByText(WEAK_PASSWORD)).toBeInTheDocument());
    expect(await within(dialog).findByText('请输入正确的手机号码')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('账号'));
    await user.type(within(dialog).getByLabelText('账号'), 'zhangsan');
    await user.clear(within(dialog).getByLabelText('密码'));
    await user.type(within(dialog).getByLabelText('密码'), 'Abc@12345');
    await user.clear(within(dialog).getByLabelText('手机号码'));
    await user.type(within(dialog).getByLabelText('手机号码'), '13712345678');
    await user.type(within(dialog).getByLabelText('姓名'), '张三');
    await user.click(within(dialog).getByLabelText('组织'));
    await user.click((await screen.findAllByTitle('研发部')).find((node) => node.closest('.ant-select-dropdown')) as HTMLElement);
    await selectOption(user, dialog, '性别', '女');
    await selectOption(user, dialog, '角色', '运维人员');
    await user.click(within(dialog).getByRole('radio', { name: '指定项目' }));
    await selectOption(user, dialog, '项目', '城市天际线亮化工程');
    await user.click(within(dialog).getByRole('button', { name: '添加资质' }));
    await user.click(within(dialog).getByRole('button', { name: '添加资质' }));
    await user.type(within(dialog).getByLabelText('资质编号 1'), 'EL-01');
    await user.type(within(dialog).getByLabelText('资质名称 1'), '电工证');
    await user.type(within(dialog).getByLabelText('资质编号 2'), 'H-9');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('资质名称为 1 到 100 个字符')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '删除资质 2' }));
    // the server's limit of a remark
    expect(within(dialog).getByLabelText('备注')).toHaveAttribute('maxlength', '200');
    await user.type(within(dialog).getByLabelText('备注'), '新同事');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));

    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(callsTo('POST /system/user')[0]?.body).toEqual({
      deptId: 102,
      userName: 'zhangsan',
      nickName: '张三',
      password: 'Abc@12345',
      phonenumber: '13712345678',
      email: '',
      sex: '1',
      status: '0',
      remark: '新同事',
      roleIds: [2],
      allProjects: '0',
      projectIds: [2],
      qualifications: [{ code: 'EL-01', name: '电工证' }],
    });
  });

  it("edits a user with the detail's roles, projects and qualifications, without account or password", async () => {
    signInWithProject();
    const { callsTo } = systemBackend({ 'PUT /system/user': ok() });
    const { user } = renderApp({ route: '/system/user' });
    await user.click(await screen.findByRole('button', { name: '修改 operator' }));
    const dialog = await screen.findByRole('dialog', { name: '修改用户' });
    expect(await within(dialog).findByLabelText('资质编号 1')).toHaveValue('EL-01');
    expect(within(dialog).queryByLabelText('账号')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('密码')).not.toBeInTheDocument();
    expect(within(dialog).getByTitle('运维人员')).toBeInTheDocument();
    expect(within(dialog).getByTitle('滨江景观照明示范项目')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: '全部项目' }));
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    expect(callsTo('PUT /system/user')[0]?.body).toEqual({
      userId: 2,
      deptId: 101,
      userName: 'operator',
      nickName: '运维员',
      phonenumber: '13900000000',
      email: 'ops@example.com',
      sex: '0',
      status: '0',
      remark: '',
      roleIds: [2],
      allProjects: '1',
      projectIds: [],
      qualifications: [{ code: 'EL-01', name: '电工证' }],
    });
  });

  it('resets a password only when it is strong enough, in both languages', async () => {
    signInWithProject();
    const { callsTo } = systemBackend({ 'PUT /system/user/resetPwd': ok() });
    const { user } = renderApp({ route: '/system/user' });
    await user.click(await screen.findByRole('button', { name: '重置密码 operator' }));
    let dialog = await screen.findByRole('dialog', { name: '重置密码' });
    expect(dialog).toHaveTextContent('请输入用户“operator”的新密码');
    await user.type(within(dialog).getByLabelText('新密码'), 'password1');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(within(dialog).getByText(WEAK_PASSWORD)).toBeInTheDocument());
    await user.clear(within(dialog).getByLabelText('新密码'));
    await user.type(within(dialog).getByLabelText('新密码'), 'Pass word1!');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText(WEAK_PASSWORD)).toBeInTheDocument();
    expect(callsTo('PUT /system/user/resetPwd')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('新密码'));
    await user.type(within(dialog).getByLabelText('新密码'), 'Passw0rd!');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('密码已重置')).toBeInTheDocument();
    expect(callsTo('PUT /system/user/resetPwd')[0]?.body).toEqual({ userId: 2, password: 'Passw0rd!' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '重置密码' })).not.toBeInTheDocument());

    await changeLanguage('en');
    await user.click(await screen.findByRole('button', { name: 'Reset password of operator' }));
    dialog = await screen.findByRole('dialog', { name: 'Reset password' });
    await user.type(within(dialog).getByLabelText('New password'), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(within(dialog).getByText(/upper and lower case letters/i)).toBeInTheDocument());
    expect(callsTo('PUT /system/user/resetPwd')).toHaveLength(1);
  });

  it('switches a status after confirmation through changeStatus', async () => {
    signInWithProject();
    const { callsTo } = systemBackend({ 'PUT /system/user/changeStatus': ok() });
    const { user } = renderApp({ route: '/system/user' });
    const toggle = await screen.findByRole('switch', { name: '状态 operator' });
    await user.click(toggle);
    let confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('确认要停用用户“operator”吗？');
    await user.click(within(confirm).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('PUT /system/user/changeStatus')).toHaveLength(0);

    await user.click(toggle);
    confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('停用成功')).toBeInTheDocument();
    expect(callsTo('PUT /system/user/changeStatus')[0]?.body).toEqual({ userId: 2, status: '1' });
    // the list is asked again
    await waitFor(() => expect(callsTo('GET /system/user/list').length).toBeGreaterThan(1));
  });

  it('imports a sheet: checks the file first, lists the refused rows of a code-500 answer, then imports', async () => {
    signInWithProject();
    let answer: { body: unknown } = {
      body: {
        code: 500,
        msg: '导入失败：共 2 行数据有误，未导入任何数据',
        data: {
          failures: [
            { row: 3, userName: 'li si', msg: '账号不能包含空格' },
            { row: 5, userName: 'wangwu', msg: '手机号码格式错误' },
          ],
        },
      },
    };
    const { callsTo } = systemBackend({ 'POST /system/user/importData': () => answer });
    const { user } = renderApp({ route: '/system/user' });
    await screen.findByText('operator');
    await user.click(screen.getByRole('button', { name: '导入' }));
    const dialog = await screen.findByRole('dialog', { name: '用户导入' });
    const input = within(dialog).getByLabelText('用户数据文件');

    await user.click(within(dialog).getByRole('button', { name: '导入' }));
    expect(await within(dialog).findByText('请选择要导入的文件')).toBeInTheDocument();
    // chosen with the browser's "all files"
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['x'], 'users.csv', { type: 'text/csv' }));
    expect(await within(dialog).findByText('文件格式不正确，请选择 xls 或 xlsx 格式文件')).toBeInTheDocument();
    const big = new File(['x'], 'users.xlsx');
    Object.defineProperty(big, 'size', { value: 2 * 1024 * 1024 + 1 });
    await user.upload(input, big);
    expect(await within(dialog).findByText('文件大小不能超过 2 MB')).toBeInTheDocument();
    expect(callsTo('POST /system/user/importData')).toHaveLength(0);

    const sheet = new File(['sheet'], 'users.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    await user.upload(input, sheet);
    expect(within(dialog).getByText('users.xlsx')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: '更新已经存在的用户数据' }));
    await user.click(within(dialog).getByRole('button', { name: '导入' }));

    expect(await within(dialog).findByText('导入失败：共 2 行数据有误，未导入任何数据')).toBeInTheDocument();
    expect(await within(dialog).findByText('导入失败的行')).toBeInTheDocument();
    const lines = within(dialog)
      .getAllByRole('row')
      .map((row) => within(row).queryAllByRole('cell').map((cell) => cell.textContent))
      .filter((cells) => cells.length > 0);
    expect(lines).toEqual([
      ['3', 'li si', '账号不能包含空格'],
      ['5', 'wangwu', '手机号码格式错误'],
    ]);
    const [call] = callsTo('POST /system/user/importData');
    expect(call?.query.get('updateSupport')).toBe('true');
    expect((call?.body as FormData).get('file')).toBeInstanceOf(File);
    expect(((call?.body as FormData).get('file') as File).name).toBe('users.xlsx');
    expect(call?.headers.get('Authorization')).toBe('Bearer jwt-1');

    answer = ok({ msg: '恭喜您，数据已全部导入成功！共 2 条' });
    const listCalls = callsTo('GET /system/user/list').length;
    await user.click(within(dialog).getByRole('button', { name: '导入' }));
    expect(await screen.findByText('恭喜您，数据已全部导入成功！共 2 条')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '用户导入' })).not.toBeInTheDocument());
    await waitFor(() => expect(callsTo('GET /system/user/list').length).toBeGreaterThan(listCalls));
    expect(callsTo('POST /system/user/importData')[1]?.query.get('updateSupport')).toBe('true');
  });

  it('disables the status switch without system:user:edit and shows only the permitted buttons', async () => {
    signInWithProject();
    systemBackend({
      'GET /getInfo': ok({
        user: { userId: 3, userName: 'viewer', nickName: '访客', avatar: '' },
        roles: ['ROLE_DEFAULT'],
        permissions: ['pc:system:user:list', 'pc:system:user:query', 'pc:system:user:export'],
        defultMenu: '',
      }),
    });
    renderApp({ route: '/system/user' });
    expect(await screen.findByRole('switch', { name: '状态 operator' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '导出' })).toBeInTheDocument();
    for (const name of ['新增', '导入', '修改 operator', '删除 operator', '重置密码 operator']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('speaks English', async () => {
    signInWithProject();
    await changeLanguage('en');
    systemBackend();
    const { user } = renderApp({ route: '/system/user' });
    expect(await screen.findByRole('switch', { name: 'Status of operator' })).toBeInTheDocument();
    for (const name of ['Account', 'Name', 'Organization', 'Phone', 'Status', 'Created']) {
      expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('region', { name: 'Organizations' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import users' });
    expect(dialog).toHaveTextContent('Only xls or xlsx files of at most 2 MB.');
    expect(within(dialog).getByRole('button', { name: 'Download template' })).toBeInTheDocument();
  });
});
