import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { consoleBackend } from '../test/backend';
import { renderApp } from '../test/renderWithProviders';

function signedIn(cookies: Record<string, string> = {}) {
  Cookies.set('Admin-Token', 'jwt-1');
  for (const [name, value] of Object.entries(cookies)) Cookies.set(name, value);
}

const sidebar = () => screen.getByRole('navigation', { name: '侧边菜单' });
const tabs = () => screen.getByRole('navigation', { name: '标签栏' });
const tabTitles = () =>
  within(tabs())
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the main layout', () => {
  it('collapses the sidebar into the cookie, and shows the breadcrumb except on the home page', async () => {
    signedIn();
    consoleBackend();
    const { router, user } = renderApp({ route: '/index' });
    await screen.findByRole('navigation', { name: '侧边菜单' });
    expect(screen.queryByRole('navigation', { name: '面包屑' })).not.toBeInTheDocument();

    await act(() => router.navigate('/system/user'));
    const breadcrumb = await screen.findByRole('navigation', { name: '面包屑' });
    expect(within(breadcrumb).getAllByRole('listitem').map((item) => item.textContent)).toEqual(
      expect.arrayContaining(['首页', '系统管理', '用户管理']),
    );
    expect(within(breadcrumb).getByRole('link', { name: '首页' })).toHaveAttribute('href', '/index');

    // /redirect/{path} re-enters the page; the breadcrumb ignores the detour
    await act(() => router.navigate('/redirect/system/user'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/user'));
    expect(screen.getByRole('navigation', { name: '面包屑' })).toHaveTextContent('用户管理');

    await user.click(screen.getByRole('button', { name: '收起侧边栏' }));
    expect(Cookies.get('sidebarStatus')).toBe('0');
    expect(screen.getByRole('button', { name: '展开侧边栏' })).toHaveAttribute('aria-expanded', 'false');
    await user.click(screen.getByRole('button', { name: '展开侧边栏' }));
    expect(Cookies.get('sidebarStatus')).toBe('1');

    // the hidden page is not in the menu; the home page heads it
    expect(within(sidebar()).queryByRole('menuitem', { name: '调度日志' })).not.toBeInTheDocument();
    expect(within(sidebar()).getAllByRole('menuitem')[0]).toHaveTextContent('首页');
  });

  it('keeps a tab per page: pinned home, context menu, closing goes to the last tab', async () => {
    signedIn();
    consoleBackend();
    const { router, user } = renderApp({ route: '/index' });
    await screen.findByRole('navigation', { name: '标签栏' });
    await act(() => router.navigate('/system/user'));
    await act(() => router.navigate('/system/role'));
    await act(() => router.navigate('/system/menu'));
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '用户管理', '角色管理', '菜单管理']));
    expect(within(tabs()).queryByRole('button', { name: '关闭 首页' })).not.toBeInTheDocument();

    // the close icon on the active tab: to the last remaining tab
    await user.click(within(tabs()).getByRole('button', { name: '关闭 菜单管理' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/role'));
    expect(tabTitles()).toEqual(['首页', '用户管理', '角色管理']);

    // middle click closes
    fireEvent.mouseUp(within(tabs()).getByRole('link', { name: '用户管理' }), { button: 1 });
    expect(tabTitles()).toEqual(['首页', '角色管理']);

    await act(() => router.navigate('/system/user'));
    fireEvent.contextMenu(within(tabs()).getByRole('link', { name: '角色管理' }));
    const menu = screen.getByRole('menu', { name: '标签操作' });
    expect(menu).toHaveStyle({ width: '105px' });
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      '刷新页面',
      '关闭当前',
      '关闭其他',
      '全部关闭',
    ]);
    await user.click(within(menu).getByRole('menuitem', { name: '关闭其他' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/role'));
    expect(tabTitles()).toEqual(['首页', '角色管理']);

    fireEvent.contextMenu(within(tabs()).getByRole('link', { name: '首页' }));
    const homeMenu = screen.getByRole('menu', { name: '标签操作' });
    expect(within(homeMenu).queryByRole('menuitem', { name: '关闭当前' })).not.toBeInTheDocument();
    await user.click(within(homeMenu).getByRole('menuitem', { name: '全部关闭' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index'));
    expect(tabTitles()).toEqual(['首页']);
  });

  it('chooses a project: filter, select, cookies, name in the top bar, its logo', async () => {
    signedIn();
    localStorage.setItem('sceneryGroupId', '5');
    localStorage.setItem('strongCurrentGroupId', '6');
    // no project at sign-in (the drop list was empty); the picker lists what there is now
    const { callsTo } = consoleBackend({ 'GET /project/project/dropList': { body: { code: 200, data: [] } } });
    const { user } = renderApp({ route: '/index' });
    const current = await screen.findByRole('group', { name: '当前项目' });
    expect(current).toHaveTextContent('未选择项目');
    expect(screen.getByRole('img', { name: '默认标志' })).toBeInTheDocument();

    // confirming with no row chosen changes nothing
    await user.click(within(current).getByRole('button'));
    let dialog = await screen.findByRole('dialog', { name: '选择项目' });
    await within(dialog).findByText('城市天际线亮化工程');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '选择项目' })).not.toBeInTheDocument());
    expect(Cookies.get('projectId')).toBe('-1');

    await user.click(within(current).getByRole('button'));
    dialog = await screen.findByRole('dialog', { name: '选择项目' });
    await user.type(within(dialog).getByRole('searchbox', { name: '项目名称' }), '滨江{Enter}');
    await waitFor(() => expect(within(dialog).queryByText('城市天际线亮化工程')).not.toBeInTheDocument());
    expect(callsTo('GET /project/project/userProjectList').at(-1)?.query.get('projectName')).toBe('滨江');
    await user.click(within(dialog).getByText('滨江景观照明示范项目'));
    await user.click(within(dialog).getByRole('button', { name: '确定' }));

    await waitFor(() => expect(current).toHaveTextContent('滨江景观照明示范项目'));
    expect(Cookies.get('projectId')).toBe('1');
    expect(Cookies.get('projectName')).toBe('滨江景观照明示范项目');
    expect(localStorage.getItem('sceneryGroupId')).toBeNull();
    expect(localStorage.getItem('strongCurrentGroupId')).toBeNull();
    const logo = await screen.findByRole('img', { name: '项目标志' });
    expect(logo).toHaveAttribute('src', '/prod-api/files/demo/logo.svg');
    const detail = callsTo('GET /project/project/detail').at(-1);
    expect([detail?.query.get('id'), detail?.query.get('type')]).toEqual(['1', '1']);
    expect(detail?.headers.get('ProjectId')).toBe('1');
  });

  it('lists the picker 5 to a page with the length of the list as total', async () => {
    signedIn();
    const many = Array.from({ length: 7 }, (_, index) => ({ id: index + 1, projectName: `项目${index + 1}` }));
    consoleBackend({ 'GET /project/project/userProjectList': { body: { code: 200, data: many } } });
    const { user } = renderApp({ route: '/index' });
    await user.click(within(await screen.findByRole('group', { name: '当前项目' })).getByRole('button'));
    const dialog = await screen.findByRole('dialog', { name: '选择项目' });
    await within(dialog).findByText('项目5');
    expect(within(dialog).queryByText('项目6')).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('共 7 条');
    await user.click(within(dialog).getByTitle('2'));
    expect(within(dialog).getByText('项目7')).toBeInTheDocument();
  });

  it.each([
    ['fails to load', { status: 500, body: { code: 500, msg: 'boom' } }, '获取项目详情失败'],
    ['cannot be read', { body: { code: 200, data: 'not a detail' } }, '项目详情-数据处理异常'],
  ])('shows the default logo when the project detail %s', async (_case, answer, message) => {
    signedIn({ projectId: '1', projectName: '滨江景观照明示范项目' });
    consoleBackend({ 'GET /project/project/detail': answer });
    renderApp({ route: '/index' });
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '默认标志' })).toBeInTheDocument();
  });

  it("switches menu modules when sys.menu.mode is not '0'", async () => {
    signedIn({ menuModule: '1' });
    consoleBackend({ 'GET /system/config/configKey/sys.menu.mode': { body: { code: 200, msg: '1' } } });
    const { router, user } = renderApp({ route: '/index' });
    await screen.findByRole('navigation', { name: '侧边菜单' });
    expect(await within(sidebar()).findByRole('menuitem', { name: '照明控制' })).toBeInTheDocument();
    expect(within(sidebar()).queryByRole('menuitem', { name: '系统管理' })).not.toBeInTheDocument();

    const switcher = screen.getByRole('combobox', { name: '菜单模块' });
    await user.click(switcher);
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['智慧照明', '系统管理']);
    await user.click(screen.getByTitle('系统管理'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/user'));
    expect(Cookies.get('menuModule')).toBe('4');
    expect(within(sidebar()).getByRole('menuitem', { name: '系统管理' })).toBeInTheDocument();
    expect(within(sidebar()).queryByRole('menuitem', { name: '照明控制' })).not.toBeInTheDocument();
  });

  it("hides the module switcher when sys.menu.mode is '0'", async () => {
    signedIn();
    consoleBackend();
    renderApp({ route: '/index' });
    expect(await within(await screen.findByRole('navigation', { name: '侧边菜单' })).findByRole('menuitem', { name: '照明控制' })).toBeInTheDocument();
    expect(within(sidebar()).getByRole('menuitem', { name: '系统管理' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: '菜单模块' })).not.toBeInTheDocument();
  });

  it('settings panel: theme colour, tags view, fixed header, sidebar logo, all remembered', async () => {
    signedIn();
    consoleBackend();
    const { user } = renderApp({ route: '/index' });
    await user.click(await screen.findByRole('button', { name: '布局设置' }));
    const panel = await screen.findByRole('dialog', { name: '布局设置' });
    expect(within(panel).getAllByRole('radio').map((radio) => radio.getAttribute('aria-label'))).toEqual([
      '#409EFF',
      '#1890ff',
      '#304156',
      '#212121',
      '#11a983',
      '#13c2c2',
      '#6959CD',
      '#f5222d',
    ]);
    expect(within(panel).getByRole('radio', { name: '#409EFF' })).toHaveAttribute('aria-checked', 'true');
    await user.click(within(panel).getByRole('radio', { name: '#13c2c2' }));
    expect(await screen.findByText('正在编译主题！')).toBeInTheDocument();
    expect(within(panel).getByRole('radio', { name: '#13c2c2' })).toHaveAttribute('aria-checked', 'true');
    expect(JSON.parse(localStorage.getItem('layout-setting') ?? '{}')).toMatchObject({ theme: '#13c2c2' });

    await user.click(within(panel).getByRole('switch', { name: '开启 Tags-Views' }));
    expect(screen.queryByRole('navigation', { name: '标签栏' })).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('switch', { name: '侧边栏 Logo' }));
    expect(screen.queryByRole('img', { name: '默认标志' })).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('switch', { name: '固定 Header' }));
    expect(document.querySelector('[data-fixed-header="true"]')).not.toBeNull();
    expect(JSON.parse(localStorage.getItem('layout-setting') ?? '{}')).toMatchObject({
      tagsView: false,
      sidebarLogo: false,
      fixedHeader: true,
    });
  });

  it('size selector, fullscreen and header search in the top bar', async () => {
    signedIn();
    consoleBackend();
    Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: false });
    const { router, user } = renderApp({ route: '/index' });

    await user.click(await screen.findByRole('button', { name: '布局大小' }));
    const sizes = (await screen.findByRole('menuitem', { name: 'Mini' })).closest('[role="menu"]') as HTMLElement;
    expect(within(sizes).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Default', 'Medium', 'Small', 'Mini']);
    // the current size (medium) is the one not offered
    expect(within(sizes).getByRole('menuitem', { name: 'Medium' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('menuitem', { name: 'Mini' }));
    expect(await screen.findByText('Switch Size Success')).toBeInTheDocument();
    expect(Cookies.get('size')).toBe('mini');

    await user.click(screen.getByRole('button', { name: '全屏' }));
    expect(await screen.findByText('you browser can not work')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '搜索菜单' }));
    const search = await screen.findByRole('combobox', { name: '搜索菜单' });
    await user.type(search, 'Roles');
    await user.click(await screen.findByText('系统管理 > 角色管理'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/role'));
  });

  it('turns mobile under 992 px: the sidebar closes, and closes again on a route change', async () => {
    signedIn();
    consoleBackend();
    const { router, user } = renderApp({ route: '/index' });
    await screen.findByRole('navigation', { name: '侧边菜单' });
    const layout = () => document.querySelector('[data-device]');
    expect(layout()).toHaveAttribute('data-device', 'desktop');

    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 800 });
    act(() => void window.dispatchEvent(new Event('resize')));
    expect(layout()).toHaveAttribute('data-device', 'mobile');
    expect(screen.getByRole('button', { name: '展开侧边栏' })).toBeInTheDocument();
    expect(document.querySelector('[data-sidebar-opened]')).toHaveStyle({ transition: 'none' });

    await user.click(screen.getByRole('button', { name: '展开侧边栏' }));
    expect(screen.getByRole('button', { name: '收起侧边栏' })).toBeInTheDocument();
    await act(() => router.navigate('/system/user'));
    expect(screen.getByRole('button', { name: '展开侧边栏' })).toBeInTheDocument();

    // a hidden page ignores resizes
    Object.defineProperty(document, 'hidden', { configurable: true, value: true });
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1400 });
    act(() => void window.dispatchEvent(new Event('resize')));
    expect(layout()).toHaveAttribute('data-device', 'mobile');
    Object.defineProperty(document, 'hidden', { configurable: true, value: false });
    act(() => void window.dispatchEvent(new Event('resize')));
    expect(layout()).toHaveAttribute('data-device', 'desktop');
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1024 });
  });
});
