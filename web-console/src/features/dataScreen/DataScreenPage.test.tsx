import { act, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { consoleBackend } from '../../test/backend';
import { renderApp } from '../../test/renderWithProviders';

describe('the data big screen', () => {
  it('refuses without a project id and the user stays on the page they were on', async () => {
    Cookies.set('Admin-Token', 'jwt-1');
    Cookies.set('projectId', '-1');
    // a user without projects
    consoleBackend({ 'GET /project/project/dropList': { body: { code: 200, msg: 'ok', data: [] } } });
    const { router } = renderApp({ route: '/system/role' });
    await screen.findByRole('navigation', { name: '侧边菜单' });
    await act(() => router.navigate('/dataScreen'));
    expect(await screen.findByText('项目不存在，请设置项目相关信息！')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/system/role');
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it('shows the big screen, full page, with the project name and labelled placeholders', async () => {
    Cookies.set('Admin-Token', 'jwt-1');
    Cookies.set('projectId', '2');
    Cookies.set('projectName', '城市天际线亮化工程');
    consoleBackend();
    const { router, user } = renderApp({ route: '/dataScreen' });
    expect(await screen.findByRole('heading', { level: 1, name: '城市天际线亮化工程' })).toBeInTheDocument();
    expect(screen.getByText('预览（占位）')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '告警统计' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: '侧边菜单' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '返回' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index'));
  });

  it('shows /mainPage inside the layout', async () => {
    Cookies.set('Admin-Token', 'jwt-1');
    consoleBackend();
    renderApp({ route: '/mainPage' });
    expect(await screen.findByRole('heading', { name: '项目主页' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: '面包屑' })).toHaveTextContent('项目主页');
  });
});
