import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { renderApp } from '../../../test/renderWithProviders';
import { selectOption } from '../../../test/selectOption';
import { signInWithProject } from '../../../test/session';
import { ok, systemBackend } from '../fixtures';

/** The names in the tree table, top to bottom. */
const shownNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('td')?.textContent ?? '');

/** Picks `title` in the tree select labelled `label` inside `dialog`. */
async function pickInTree(user: ReturnType<typeof renderApp>['user'], dialog: HTMLElement, label: string, title: string) {
  await user.click(within(dialog).getByLabelText(label));
  const options = await screen.findAllByTitle(title);
  const option = options.find((element) => element.closest('.ant-select-dropdown'));
  if (!option) throw new Error(`no option ${title}`);
  await user.click(option);
}

describe('the organization page', () => {
  it('shows the organization as a tree, opened and closed node by node and all at once', async () => {
    signInWithProject();
    const { callsTo } = systemBackend();
    const { user } = renderApp({ route: '/system/dept' });
    expect(await screen.findByRole('button', { name: '折叠 滨江照明公司' })).toHaveAttribute('aria-expanded', 'true');
    expect(shownNames()).toEqual(['滨江照明公司', '运维部', '一班', '研发部']);
    const company = screen.getByText('滨江照明公司').closest('tr') as HTMLElement;
    expect(within(company).getByText('公司')).toBeInTheDocument();
    expect(within(company).getByText('张工')).toBeInTheDocument();
    expect(within(company).getByText('正常')).toBeInTheDocument();
    // a team has no children to open
    expect(screen.queryByRole('button', { name: '折叠 一班' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '折叠 运维部' }));
    expect(shownNames()).toEqual(['滨江照明公司', '运维部', '研发部']);
    expect(screen.getByRole('button', { name: '展开 运维部' })).toHaveAttribute('aria-expanded', 'false');

    await user.click(screen.getByRole('button', { name: '全部折叠' }));
    expect(shownNames()).toEqual(['滨江照明公司']);
    await user.click(screen.getByRole('button', { name: '全部展开' }));
    expect(shownNames()).toEqual(['滨江照明公司', '运维部', '一班', '研发部']);
    // the kit pages a tree table by its top-level nodes
    expect(screen.getByRole('navigation', { name: '分页' })).toHaveTextContent('共 1 条');

    await user.type(screen.getByLabelText('组织名称'), '研发');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(callsTo('GET /system/dept/list').at(-1)?.query.get('deptName')).toBe('研发'));
  });

  it('adds a node under the chosen parent, checks the code, phone and email first', async () => {
    signInWithProject();
    const { callsTo } = systemBackend({ 'POST /system/dept': ok() });
    const { user } = renderApp({ route: '/system/dept' });
    await screen.findByRole('button', { name: '折叠 滨江照明公司' });

    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增组织' });
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请选择上级组织')).toBeInTheDocument();
    expect(await within(dialog).findByText('组织名称为 1 到 50 个字符')).toBeInTheDocument();

    await pickInTree(user, dialog, '上级组织', '研发部');
    await user.type(within(dialog).getByLabelText('组织名称'), ' 测试组 ');
    await user.type(within(dialog).getByLabelText('组织编码'), 'QA 1');
    await user.type(within(dialog).getByLabelText('联系电话'), '1234');
    await user.type(within(dialog).getByLabelText('邮箱'), 'qa@');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    // antd swaps the message nodes while its motion runs: read the three together, until stable
    await waitFor(() => {
      expect(within(dialog).getByText('只能包含字母、数字、下划线和中划线')).toBeInTheDocument();
      expect(within(dialog).getByText('请输入正确的手机号码')).toBeInTheDocument();
      expect(within(dialog).getByText('请输入正确的邮箱地址')).toBeInTheDocument();
    });
    expect(callsTo('POST /system/dept')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('组织编码'));
    await user.type(within(dialog).getByLabelText('组织编码'), 'QA-1');
    await user.clear(within(dialog).getByLabelText('联系电话'));
    await user.type(within(dialog).getByLabelText('联系电话'), '13700000000');
    await user.type(within(dialog).getByLabelText('邮箱'), 'example.com');
    await selectOption(user, dialog, '组织类型', '班组');
    await user.type(within(dialog).getByLabelText('负责人'), '李工');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(callsTo('POST /system/dept')[0]?.body).toEqual({
      parentId: 102,
      deptName: '测试组',
      deptCode: 'QA-1',
      deptType: '3',
      orderNum: 0,
      leader: '李工',
      phone: '13700000000',
      email: 'qa@example.com',
      status: '0',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '新增组织' })).not.toBeInTheDocument());
    // the list is asked again
    await waitFor(() => expect(callsTo('GET /system/dept/list').length).toBeGreaterThan(1));
  });

  it('adds a child from its row, edits a node among the parents it may move under, deletes after confirmation', async () => {
    signInWithProject();
    const { callsTo } = systemBackend({
      'POST /system/dept': ok(),
      'PUT /system/dept': ok(),
      'DELETE /system/dept/102': ok(),
    });
    const { user } = renderApp({ route: '/system/dept' });
    await user.click(await screen.findByRole('button', { name: '新增下级 运维部' }));
    let dialog = await screen.findByRole('dialog', { name: '新增组织' });
    expect(within(dialog).getByTitle('运维部')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('组织名称'), '二班');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(callsTo('POST /system/dept')).toHaveLength(1));
    expect(callsTo('POST /system/dept')[0]?.body).toMatchObject({ parentId: 101, deptName: '二班', deptType: '2', status: '0' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '新增组织' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: '修改 运维部' }));
    dialog = await screen.findByRole('dialog', { name: '修改组织' });
    await waitFor(() => expect(callsTo('GET /system/dept/list/exclude/101')).toHaveLength(1));
    expect(within(dialog).getByLabelText('组织名称')).toHaveValue('运维部');
    await user.click(within(dialog).getByLabelText('上级组织'));
    // the node itself and what is under it are no parents to choose
    await waitFor(() => expect(document.querySelector('.ant-select-dropdown [title="研发部"]')).not.toBeNull());
    expect(document.querySelector('.ant-select-dropdown [title="一班"]')).toBeNull();
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('radio', { name: '停用' }));
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    expect(callsTo('PUT /system/dept')[0]?.body).toEqual({
      deptId: 101,
      parentId: 100,
      deptName: '运维部',
      deptCode: 'OPS',
      deptType: '2',
      orderNum: 1,
      leader: '',
      phone: '',
      email: '',
      status: '1',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '修改组织' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: '删除 研发部' }));
    let confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('确定删除组织“研发部”吗？');
    await user.click(within(confirm).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('DELETE /system/dept/102')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: '删除 研发部' }));
    confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    expect(callsTo('DELETE /system/dept/102')).toHaveLength(1);
  });

  it('shows the refusal of a node with children as the server words it', async () => {
    signInWithProject();
    systemBackend({ 'DELETE /system/dept/100': ok({ code: 500, msg: '存在下级组织，不允许删除' }) });
    const { user } = renderApp({ route: '/system/dept' });
    await user.click(await screen.findByRole('button', { name: '删除 滨江照明公司' }));
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('存在下级组织，不允许删除')).toBeInTheDocument();
  });

  it('offers only the buttons the user may use, and speaks English', async () => {
    signInWithProject();
    await changeLanguage('en');
    systemBackend({
      'GET /getInfo': ok({
        user: { userId: 3, userName: 'viewer', nickName: '访客', avatar: '' },
        roles: ['ROLE_DEFAULT'],
        permissions: ['pc:system:dept:list', 'pc:system:dept:query', 'pc:system:dept:edit'],
        defultMenu: '',
      }),
    });
    const { user } = renderApp({ route: '/system/dept' });
    expect(await screen.findByRole('button', { name: 'Edit 运维部' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Organization name' })).toBeInTheDocument();
    expect(screen.getByText('Company')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add child to 运维部' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete 运维部' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(await screen.findByRole('button', { name: 'Expand 滨江照明公司' })).toBeInTheDocument();
    expect(screen.queryByText('运维部')).not.toBeInTheDocument();
  });
});
