import { screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../test/fetchMock';
import { renderApp } from '../test/renderWithProviders';

const serverRoutes = [
  {
    path: '/',
    component: 'Layout',
    children: [{ path: 'index', component: 'index', meta: { title: '首页', titleEn: 'Home', icon: 'home' } }],
  },
  {
    path: '/system',
    component: 'Layout',
    redirect: 'noRedirect',
    alwaysShow: true,
    meta: { title: '系统管理', titleEn: 'System Management', icon: 'system' },
    children: [
      { path: 'user', component: 'system/user/index', meta: { title: '用户管理', titleEn: 'User Management', icon: 'user' } },
    ],
  },
  {
    path: '/landscape',
    component: 'Layout',
    redirect: 'noRedirect',
    alwaysShow: true,
    meta: { title: '景观照明', titleEn: 'Landscape Lighting', icon: 'tool' },
    children: [{ path: 'scheme', component: 'landscape/scheme/index', meta: { title: '方案管理', titleEn: 'Scheme Management' } }],
  },
  {
    path: '/alarm',
    component: 'Layout',
    meta: { title: '告警管理', titleEn: 'Alarm Management', icon: 'alert' },
    children: [{ path: 'current', component: 'alarm/current/index', meta: { title: '实时告警', titleEn: 'Real-time Alarms' } }],
  },
];

function backend() {
  return mockFetch({
    'GET /captchaImage': { body: { code: 200, msg: 'ok', captchaEnabled: false } },
    'GET /system/config/configKey/sys.browser.nameEn': { body: { code: 200, msg: 'Lumiscape Demo' } },
    'GET /system/config/configKey/sys.browser.nameZh': { body: { code: 200, msg: '景观照明演示' } },
    'POST /login': { body: { code: 200, msg: 'ok', token: 'jwt-1' } },
    'POST /auth/refresh': { body: { code: 200, msg: 'ok', data: Date.now() + 3_600_000 } },
    'GET /getInfo': {
      body: {
        code: 200,
        msg: 'ok',
        user: { userId: 1, userName: 'admin', nickName: '超级管理员', avatar: '' },
        roles: ['ROLE_DEFAULT'],
        permissions: ['*:*:*'],
        defultMenu: '',
      },
    },
    'GET /system/menu/getRouters': { body: { code: 200, msg: 'ok', data: serverRoutes } },
    'POST /logout': { body: { code: 200, msg: 'ok' } },
  });
}

describe('the console', () => {
  it('sends a visitor to sign in and back to the page they asked for', async () => {
    const { callsTo } = backend();
    const { router, user } = renderApp({ route: '/landscape/scheme?x=1' });

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Flandscape%2Fscheme%3Fx%3D1');

    await user.type(await screen.findByLabelText('账号'), 'admin');
    await user.type(screen.getByLabelText('密码'), 'admin123');
    await user.click(screen.getByRole('button', { name: '登录' }));

    const sidebar = await screen.findByRole('navigation', { name: '侧边菜单' });
    expect(router.state.location.pathname).toBe('/landscape/scheme');
    expect(router.state.location.search).toBe('?x=1');
    expect(await screen.findByRole('heading', { name: '该模块尚未开放' })).toBeInTheDocument();
    expect(screen.getByText('模块：方案管理')).toBeInTheDocument();
    expect(within(sidebar).getByRole('menuitem', { name: '系统管理' })).toBeInTheDocument();
    expect(within(sidebar).getByRole('menuitem', { name: '首页' })).toBeInTheDocument();
    expect(within(sidebar).getByRole('menuitem', { name: '实时告警' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '超级管理员' })).toHaveAttribute('href', '/user/profile');
    expect(callsTo('POST /login')[0]?.headers.get('Content-Language')).toBe('zh_CN');
  });

  it('switches language, then logs out through the confirmation dialog', async () => {
    Cookies.set('Admin-Token', 'jwt-1');
    Cookies.set('projectId', '3');
    Cookies.set('projectName', '滨江公园');
    Cookies.set('menuModule', '2');
    const { callsTo } = backend();
    const { router, user } = renderApp({ route: '/' });

    const sidebar = await screen.findByRole('navigation', { name: '侧边菜单' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/index'));
    expect(screen.getByRole('group', { name: '当前项目' })).toHaveTextContent('滨江公园');
    expect(callsTo('GET /getInfo')[0]?.headers.get('ProjectId')).toBe('3');

    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(await within(sidebar).findByRole('menuitem', { name: 'System Management' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Side menu' })).toBeInTheDocument();
    expect(window.localStorage.getItem('lang')).toBe('en');

    await user.click(screen.getByRole('button', { name: 'Log out' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure to log out and exit the system?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('POST /logout')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Log out' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(callsTo('POST /logout')).toHaveLength(1);
    for (const cookie of ['Admin-Token', 'projectId', 'projectName', 'menuModule']) {
      expect(Cookies.get(cookie)).toBeUndefined();
    }
  });

  it('shows the not-available page for an unknown module and 404 for an unknown path', async () => {
    Cookies.set('Admin-Token', 'jwt-1');
    backend();
    const { router } = renderApp({ route: '/alarm/current' });
    expect(await screen.findByRole('heading', { name: '该模块尚未开放' })).toBeInTheDocument();
    await router.navigate('/system');
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/user'));
    await router.navigate('/no/such/page');
    expect(await screen.findByText('抱歉，您访问的页面不存在。')).toBeInTheDocument();
  });

  it('takes the page title from the server', async () => {
    backend();
    renderApp({ route: '/login' });
    // jsdom's browser language is English
    await waitFor(() => expect(document.title).toBe('Lumiscape Demo'));
  });
});
