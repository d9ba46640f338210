import { screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, type MockHandler } from '../../../test/fetchMock';
import { renderWithProviders } from '../../../test/renderWithProviders';
import LoginPage from './LoginPage';
import StandaloneLoginPage from './StandaloneLoginPage';

const PNG = 'iVBORw0KGgo=';

function captcha(captchaEnabled: boolean) {
  return { body: { code: 200, msg: '操作成功', captchaEnabled, uuid: 'uuid-1', img: PNG } };
}

const session: Record<string, MockHandler | { body: unknown }> = {
  'POST /auth/refresh': { body: { code: 200, msg: 'ok', data: Date.now() + 30 * 60 * 1000 } },
  'GET /getInfo': {
    body: {
      code: 200,
      msg: 'ok',
      user: { userId: 1, userName: 'admin', nickName: '管理员', avatar: '' },
      roles: ['ROLE_DEFAULT'],
      permissions: ['*:*:*'],
      defultMenu: '',
    },
  },
  'GET /system/menu/getRouters': {
    body: {
      code: 200,
      msg: 'ok',
      data: [
        {
          path: '/system',
          component: 'Layout',
          meta: { title: '系统管理', titleEn: 'System Management', icon: 'system' },
          children: [{ path: 'user', component: 'system/user/index', meta: { title: '用户管理', titleEn: 'Users' } }],
        },
      ],
    },
  },
};

function renderLogin(route = '/login') {
  return renderWithProviders(<LoginPage />, { route, path: '/login' });
}

describe('LoginPage', () => {
  it('shows the captcha when the server enables it', async () => {
    mockFetch({ 'GET /captchaImage': captcha(true) });
    renderLogin();
    expect(await screen.findByLabelText('验证码')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '验证码图片' })).toHaveAttribute('src', `data:image/png;base64,${PNG}`);
    expect(screen.getByLabelText('账号')).toBeInTheDocument();
    expect(screen.getByLabelText('密码')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: '记住我' })).toBeInTheDocument();
  });

  it('hides the captcha when the server disables it', async () => {
    const { callsTo } = mockFetch({ 'GET /captchaImage': captcha(false) });
    renderLogin();
    await waitFor(() => expect(callsTo('GET /captchaImage')).toHaveLength(1));
    expect(screen.queryByLabelText('验证码')).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: '验证码图片' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '登录' })).toBeInTheDocument();
  });

  it('asks for the account and password before sending anything', async () => {
    const { callsTo } = mockFetch({ 'GET /captchaImage': captcha(false) });
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入您的账号')).toBeInTheDocument();
    expect(await screen.findByText('请输入您的密码')).toBeInTheDocument();
    expect(callsTo('POST /login')).toHaveLength(0);
  });

  it('shows the server error, clears the code and fetches a new captcha', async () => {
    const { callsTo } = mockFetch({
      'GET /captchaImage': captcha(true),
      'POST /login': { status: 500, body: { code: 500, msg: '用户不存在/密码错误' } },
    });
    const { user } = renderLogin();
    await user.type(await screen.findByLabelText('验证码'), '1234');
    await user.type(screen.getByLabelText('账号'), '  admin ');
    await user.type(screen.getByLabelText('密码'), 'wrong');
    await user.click(screen.getByRole('button', { name: '登录' }));

    expect(await screen.findByText('用户不存在/密码错误')).toBeInTheDocument();
    expect(callsTo('POST /login')[0]?.body).toEqual({ username: 'admin', password: 'wrong', code: '1234', uuid: 'uuid-1' });
    await waitFor(() => expect(callsTo('GET /captchaImage')).toHaveLength(2));
    expect(screen.getByLabelText('验证码')).toHaveValue('');
    expect(Cookies.get('Admin-Token')).toBeUndefined();
  });

  it('signs in, stores the token and goes to the redirect target', async () => {
    const { callsTo } = mockFetch({
      'GET /captchaImage': captcha(false),
      'POST /login': { body: { code: 200, msg: 'ok', token: 'jwt-1' } },
      ...session,
    });
    const { user, router, store } = renderLogin('/login?redirect=%2Fsystem%2Fuser%3Fx%3D1');
    await user.type(screen.getByLabelText('账号'), 'admin');
    await user.type(screen.getByLabelText('密码'), 'admin123');
    await user.click(screen.getByRole('checkbox', { name: '记住我' }));
    await user.click(screen.getByRole('button', { name: '登录' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/system/user'));
    expect(router.state.location.search).toBe('?x=1');
    expect(Cookies.get('Admin-Token')).toBe('jwt-1');
    expect(Number(Cookies.get('Admin-Expires-In'))).toBeGreaterThan(Date.now());
    expect(Cookies.get('username')).toBe('admin');
    expect(Cookies.get('password')).toBeUndefined();
    expect(callsTo('GET /getInfo')[0]?.headers.get('Authorization')).toBe('Bearer jwt-1');
    expect(store.getState().routes.loaded).toBe(true);
    expect(store.getState().auth.permissions).toEqual(['*:*:*']);
  });

  it('goes to the first route without a redirect target', async () => {
    mockFetch({
      'GET /captchaImage': captcha(false),
      'POST /login': { body: { code: 200, msg: 'ok', token: 'jwt-2' } },
      ...session,
    });
    const { user, router } = renderLogin();
    await user.type(screen.getByLabelText('账号'), 'admin');
    await user.type(screen.getByLabelText('密码'), 'admin123');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/user'));
  });

  it('offers English', async () => {
    mockFetch({ 'GET /captchaImage': captcha(true) });
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Account')).toBeInTheDocument();
    expect(await screen.findByLabelText('Verification code')).toBeInTheDocument();
  });
});

describe('StandaloneLoginPage', () => {
  it('loads the router with the submit and enters the console at the redirect target', async () => {
    mockFetch({
      'GET /captchaImage': captcha(false),
      'POST /login': { body: { code: 200, msg: 'ok', token: 'jwt-3' } },
      ...session,
    });
    // The entry shows this page before any router: the target comes from the address bar.
    window.history.replaceState(null, '', '/login?redirect=%2Fsystem%2Fuser%3Fx%3D1');
    const prepare = vi.fn(() => Promise.resolve());
    const enter = vi.fn();
    const { user, store } = renderWithProviders(<StandaloneLoginPage prepare={prepare} enter={enter} />);
    await user.type(screen.getByLabelText('账号'), 'admin');
    await user.type(screen.getByLabelText('密码'), 'admin123');
    expect(prepare).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: '登录' }));

    await waitFor(() => expect(enter).toHaveBeenCalledWith('/system/user?x=1'));
    expect(prepare).toHaveBeenCalledTimes(1);
    expect(Cookies.get('Admin-Token')).toBe('jwt-3');
    expect(store.getState().routes.loaded).toBe(true);
    window.history.replaceState(null, '', '/');
  });

  it('stays on the page with the server error when the sign-in is refused', async () => {
    mockFetch({
      'GET /captchaImage': captcha(false),
      'POST /login': { status: 500, body: { code: 500, msg: '用户不存在/密码错误' } },
    });
    const enter = vi.fn();
    const { user } = renderWithProviders(<StandaloneLoginPage prepare={() => Promise.resolve()} enter={enter} />);
    await user.type(screen.getByLabelText('账号'), 'admin');
    await user.type(screen.getByLabelText('密码'), 'wrong');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('用户不存在/密码错误')).toBeInTheDocument();
    expect(enter).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: '登录' })).toBeEnabled();
  });
});
