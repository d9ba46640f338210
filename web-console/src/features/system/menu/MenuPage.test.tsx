import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n';
import type { ServerRoute } from '../../../routes/types';
import { fill } from '../../../test/fill';
import { renderApp } from '../../../test/renderWithProviders';
import { selectOption } from '../../../test/selectOption';
import { signInWithProject } from '../../../test/session';
import { menuAdviceBackend, menuAdviceRoutes, ok } from '../fixtures';

/** The names in the tree table, top to bottom. */
const shownNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('td')?.textContent ?? '');

const sidebar = () => screen.getByRole('navigation', { name: '侧边菜单' });

/** The route tree once a menu was added under 系统管理. */
const withReport: ServerRoute[] = menuAdviceRoutes.map((route) =>
  route.path === '/system'
    ? { ...route, children: [...(route.children ?? []), { path: 'report', component: 'system/report/index', meta: { title: '巡检报表', titleEn: 'Inspection Reports', icon: 'log' } }] }
    : route,
);

describe('the menu page', () => {
  it('shows the menus as a tree, the top level first, opened node by node and all at once', async () => {
    signInWithProject();
    menuAdviceBackend();
    const { user } = renderApp({ route: '/system/menu' });
    expect(await screen.findByRole('button', { name: '展开 系统管理' })).toHaveAttribute('aria-expanded', 'false');
    expect(shownNames()).toEqual(['系统管理', '照明控制']);

    await user.click(screen.getByRole('button', { name: '展开 系统管理' }));
    expect(shownNames()).toEqual(['系统管理', '用户管理', '菜单管理', '照明控制']);
    const users = screen.getByText('用户管理', { selector: 'td span' }).closest('tr') as HTMLElement;
    expect(within(users).getByText('菜单')).toBeInTheDocument();
    expect(within(users).getByText('user')).toBeInTheDocument();
    expect(within(users).getByText('system:user:list')).toBeInTheDocument();
    expect(within(users).getByText('system/user/index')).toBeInTheDocument();
    expect(within(users).getByText('显示')).toBeInTheDocument();
    expect(within(users).getByText('正常')).toBeInTheDocument();
    expect(within(users).getByText('2026-04-01 09:00:00')).toBeInTheDocument();
    for (const name of ['菜单名称', '菜单图标', '菜单类型', '显示排序', '权限标识', '组件路径', '显示状态', '菜单状态', '创建时间']) {
      expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
    }

    await user.click(screen.getByRole('button', { name: '全部展开' }));
    expect(shownNames()).toEqual(['系统管理', '用户管理', '用户查询', '菜单管理', '照明控制', '网关管理']);
    // a button has nothing to add under it
    expect(screen.getByRole('button', { name: '新增下级 用户管理' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '新增下级 用户查询' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '全部折叠' }));
    expect(shownNames()).toEqual(['系统管理', '照明控制']);
  });

  it('searches the menus by name and status, a found menu without its parent at the top level', async () => {
    signInWithProject();
    const { callsTo } = menuAdviceBackend();
    const { user } = renderApp({ route: '/system/menu' });
    await screen.findByRole('button', { name: '展开 系统管理' });
    await fill(user, screen.getByLabelText('菜单名称'), '用户');
    await selectOption(user, document.body, '菜单状态', '正常');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(callsTo('GET /system/menu/list').at(-1)?.query.get('menuName')).toBe('用户'));
    expect(callsTo('GET /system/menu/list').at(-1)?.query.get('status')).toBe('0');
    // what was found, its parent not among them, at the top level
    await waitFor(() => expect(shownNames()).toEqual(['用户管理']));
  });

  it('adds a top-level directory after checking it as the server does', async () => {
    signInWithProject();
    const { callsTo } = menuAdviceBackend({ 'POST /system/menu': ok() });
    const { user } = renderApp({ route: '/system/menu' });
    await screen.findByRole('button', { name: '展开 系统管理' });

    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '添加菜单' });
    expect(within(dialog).getByTitle('主类目')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: '目录' })).toBeChecked();
    // a directory has an icon and a route path, no component nor permission
    expect(within(dialog).getByLabelText('菜单图标')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('路由地址')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('组件路径')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('权限标识')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => {
      expect(within(dialog).getByText('菜单名称为 1 到 50 个字符')).toBeInTheDocument();
      expect(within(dialog).getByText('路由地址为 1 到 200 个字母、数字、下划线、中划线、斜杠、冒号或点')).toBeInTheDocument();
    });

    await fill(user, within(dialog).getByLabelText('中文名称'), ' 运维管理 ');
    await fill(user, within(dialog).getByLabelText('英文名称'), 'Operations');
    await fill(user, within(dialog).getByLabelText('路由地址'), 'ops center');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(within(dialog).getByText('路由地址为 1 到 200 个字母、数字、下划线、中划线、斜杠、冒号或点')).toBeInTheDocument());
    expect(callsTo('POST /system/menu')).toHaveLength(0);

    // an external link is checked as one
    await user.click(within(dialog).getByRole('radio', { name: '是' }));
    expect(within(dialog).getByLabelText('外链地址')).toHaveValue('ops center');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(within(dialog).getByText('外链地址以 http:// 或 https:// 开头，最多 200 个字符，不能包含空格')).toBeInTheDocument());
    await user.click(within(dialog).getByRole('radio', { name: '否' }));
    await fill(user, within(dialog).getByLabelText('路由地址'), 'ops');
    await selectOption(user, dialog, '菜单模块', '系统管理');
    await fill(user, within(dialog).getByLabelText('显示排序'), '3');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(callsTo('POST /system/menu')[0]?.body).toEqual({
      parentId: 0,
      menuName: '运维管理',
      menuNameEn: 'Operations',
      orderNum: 3,
      path: 'ops',
      component: '',
      query: '',
      routeName: '',
      isFrame: '1',
      isCache: '0',
      menuType: 'M',
      visible: '0',
      status: '0',
      perms: '',
      icon: '',
      menuModule: '4',
      client: '0',
      affix: '0',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '添加菜单' })).not.toBeInTheDocument());
  });

  it("shows the fields of each type, and picks the icon among the sidebar's icons", async () => {
    signInWithProject();
    const { callsTo } = menuAdviceBackend({ 'POST /system/menu': ok() });
    const { user } = renderApp({ route: '/system/menu' });
    await user.click(await screen.findByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '添加菜单' });

    // the icon picker: the sidebar's icons, searched, one chosen
    await user.click(within(dialog).getByLabelText('菜单图标'));
    const search = await screen.findByLabelText('搜索图标');
    const icons = screen.getByRole('group', { name: '图标' });
    expect(within(icons).getByRole('button', { name: 'bulb' })).toBeInTheDocument();
    expect(within(icons).getByRole('button', { name: 'dashboard' })).toBeInTheDocument();
    await fill(user, search, 'too');
    expect(within(icons).getAllByRole('button').map((button) => button.textContent)).toEqual(['tool']);
    await user.click(within(icons).getByRole('button', { name: 'tool' }));
    expect(within(dialog).getByLabelText('菜单图标')).toHaveValue('tool');

    // a button has no icon nor path, a permission instead; back to a directory
    await user.click(within(dialog).getByRole('radio', { name: '按钮' }));
    expect(within(dialog).queryByLabelText('菜单图标')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('路由地址')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('权限标识')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: '目录' }));
    expect(within(dialog).getByLabelText('菜单图标')).toHaveValue('tool');

    await fill(user, within(dialog).getByLabelText('中文名称'), '运维管理');
    await fill(user, within(dialog).getByLabelText('路由地址'), 'ops');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(callsTo('POST /system/menu')[0]?.body).toMatchObject({ parentId: 0, menuType: 'M', menuName: '运维管理', path: 'ops', icon: 'tool', perms: '' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '添加菜单' })).not.toBeInTheDocument());
  });

  it('adds a menu under a directory from its row, and the sidebar follows at once', async () => {
    signInWithProject();
    let routes = menuAdviceRoutes;
    const { callsTo } = menuAdviceBackend({
      'GET /system/menu/getRouters': () => ok({ data: routes }),
      'POST /system/menu': () => {
        routes = withReport;
        return ok();
      },
    });
    const { user } = renderApp({ route: '/system/menu' });
    await user.click(await screen.findByRole('button', { name: '新增下级 系统管理' }));
    const dialog = await screen.findByRole('dialog', { name: '添加菜单' });
    // the parent chosen (the menu module, also 系统管理, is its parent's)
    expect(dialog.querySelector('.ant-tree-select [title="系统管理"]')).not.toBeNull();
    expect(dialog.querySelector('.ant-select:not(.ant-tree-select) [title="系统管理"]')).not.toBeNull();
    // under a directory, a menu: a component, a permission, cache and pinned tab too
    expect(within(dialog).getByRole('radio', { name: '菜单' })).toBeChecked();
    expect(within(dialog).getByLabelText('组件路径')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('权限标识')).toBeInTheDocument();
    expect(within(sidebar()).queryByRole('menuitem', { name: '巡检报表' })).not.toBeInTheDocument();
    expect(callsTo('GET /system/menu/getRouters')).toHaveLength(1);

    await fill(user, within(dialog).getByLabelText('中文名称'), '巡检报表');
    await fill(user, within(dialog).getByLabelText('英文名称'), 'Inspection Reports');
    await fill(user, within(dialog).getByLabelText('路由地址'), 'report');
    await fill(user, within(dialog).getByLabelText('组件路径'), 'system/report index');
    await fill(user, within(dialog).getByLabelText('权限标识'), 'system:report list');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => {
      expect(within(dialog).getByText('组件路径最多 255 个字符，只能包含字母、数字、下划线、中划线和斜杠')).toBeInTheDocument();
      expect(within(dialog).getByText('权限标识最多 100 个字符，只能包含字母、数字、下划线、中划线、冒号和星号')).toBeInTheDocument();
    });
    await fill(user, within(dialog).getByLabelText('组件路径'), 'system/report/index');
    await fill(user, within(dialog).getByLabelText('权限标识'), 'system:report:list');
    await user.click(within(dialog).getByLabelText('菜单图标'));
    await user.click(within(await screen.findByRole('group', { name: '图标' })).getByRole('button', { name: 'log' }));
    await user.click(within(dialog).getByRole('radio', { name: '电脑端和移动端' }));
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(callsTo('POST /system/menu')[0]?.body).toMatchObject({
      parentId: 1,
      menuType: 'C',
      menuName: '巡检报表',
      menuNameEn: 'Inspection Reports',
      path: 'report',
      component: 'system/report/index',
      perms: 'system:report:list',
      icon: 'log',
      isCache: '0',
      affix: '0',
      client: '1',
      menuModule: '4',
    });
    // the session's routes are read again: the sidebar has the new menu
    await waitFor(() => expect(callsTo('GET /system/menu/getRouters')).toHaveLength(2));
    expect(await within(sidebar()).findByRole('menuitem', { name: '巡检报表' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo('GET /system/menu/list').length).toBeGreaterThan(1));
  });

  it('edits a menu with what it has, keeping what the form does not show', async () => {
    signInWithProject();
    const { callsTo } = menuAdviceBackend({ 'PUT /system/menu': ok() });
    const { user } = renderApp({ route: '/system/menu' });
    await user.click(await screen.findByRole('button', { name: '展开 系统管理' }));
    await user.click(screen.getByRole('button', { name: '修改 用户管理' }));
    const dialog = await screen.findByRole('dialog', { name: '修改菜单' });
    expect(within(dialog).getByLabelText('中文名称')).toHaveValue('用户管理');
    expect(within(dialog).getByLabelText('英文名称')).toHaveValue('Users');
    expect(within(dialog).getByLabelText('菜单图标')).toHaveValue('user');
    expect(within(dialog).getByLabelText('组件路径')).toHaveValue('system/user/index');
    await user.click(within(dialog).getByLabelText('上级菜单'));
    // neither the menu itself nor a button can be its parent
    await waitFor(() => expect(document.querySelector('.ant-select-dropdown [title="照明控制"]')).not.toBeNull());
    expect(document.querySelector('.ant-select-dropdown [title="用户管理"]')).toBeNull();
    expect(document.querySelector('.ant-select-dropdown [title="用户查询"]')).toBeNull();
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('radio', { name: '隐藏' }));
    await user.click(within(dialog).getAllByRole('radio', { name: '是' }).at(-1) as HTMLElement);
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    expect(callsTo('PUT /system/menu')[0]?.body).toEqual({
      menuId: 100,
      parentId: 1,
      menuName: '用户管理',
      menuNameEn: 'Users',
      orderNum: 1,
      path: 'user',
      component: 'system/user/index',
      query: '',
      routeName: 'User',
      isFrame: '1',
      isCache: '0',
      menuType: 'C',
      visible: '1',
      status: '0',
      perms: 'system:user:list',
      icon: 'user',
      menuModule: '4',
      client: '0',
      affix: '1',
    });
    await waitFor(() => expect(callsTo('GET /system/menu/getRouters')).toHaveLength(2));
  });

  it("deletes after a confirmation, and shows the server's refusal of a menu with sub-menus", async () => {
    signInWithProject();
    const { callsTo } = menuAdviceBackend({
      'DELETE /system/menu/1': ok({ code: 500, msg: '存在子菜单，不允许删除' }),
      'DELETE /system/menu/103': ok(),
    });
    const { user } = renderApp({ route: '/system/menu' });
    await user.click(await screen.findByRole('button', { name: '删除 系统管理' }));
    let confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('确定删除菜单“系统管理”吗？');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('存在子菜单，不允许删除')).toBeInTheDocument();
    expect(screen.queryByText('删除成功')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // a refusal changes nothing: the routes are not read again
    expect(callsTo('GET /system/menu/getRouters')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: '展开 系统管理' }));
    await user.click(screen.getByRole('button', { name: '删除 菜单管理' }));
    confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('DELETE /system/menu/103')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: '删除 菜单管理' }));
    confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    expect(callsTo('DELETE /system/menu/103')).toHaveLength(1);
    await waitFor(() => expect(callsTo('GET /system/menu/getRouters')).toHaveLength(2));
  });

  it('offers only the buttons the user may use, and speaks English with the English names', async () => {
    signInWithProject();
    await changeLanguage('en');
    menuAdviceBackend({
      'GET /getInfo': ok({
        user: { userId: 3, userName: 'viewer', nickName: '访客', avatar: '' },
        roles: ['ROLE_DEFAULT'],
        permissions: ['pc:system:menu:list', 'pc:system:menu:query', 'pc:system:menu:edit'],
        defultMenu: '',
      }),
    });
    const { user } = renderApp({ route: '/system/menu' });
    await user.click(await screen.findByRole('button', { name: 'Expand System Management' }));
    expect(shownNames()).toEqual(['System Management', 'Users', 'Menus', 'Lighting Control']);
    for (const name of ['Menu name', 'Icon', 'Menu type', 'Display order', 'Permission', 'Component', 'Display', 'Status', 'Created']) {
      expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
    }
    expect(screen.getAllByText('Directory')).toHaveLength(2);
    expect(screen.getAllByText('Show').length).toBeGreaterThan(0);
    for (const name of ['Add', 'Add child to Users', 'Delete Users']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    await user.click(screen.getByRole('button', { name: 'Edit Users' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit menu' });
    await user.clear(within(dialog).getByLabelText('Chinese name'));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(within(dialog).getByText('Menu name: 1 to 50 characters')).toBeInTheDocument());
  });
});
