import Cookies from 'js-cookie';
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/fetchMock';
import { setFeedback, type Feedback } from './feedback';
import { createGuardLoader } from './guardLoader';
import { makeStore } from './store';

const info = {
  code: 200,
  msg: 'ok',
  user: { userId: 1, userName: 'admin', nickName: '管理员', avatar: '' },
  roles: ['ROLE_DEFAULT'],
  permissions: ['pc:system:user:list'],
  defultMenu: '/system/user',
};
const routers = { code: 200, msg: 'ok', data: [{ path: '/system', component: 'Layout', children: [] }] };

/** The other system accepts the token; the user may see `projects`. */
function otherSystemSignIn(projects: { id: number; projectName: string }[]) {
  return mockFetch({
    'GET /loginByOtherSystem': { body: { code: 200, msg: 'ok', data: { status: 'success', token: 'jwt-other' } } },
    'POST /auth/refresh': { body: { code: 200, msg: 'ok', data: 1_900_000_000_000 } },
    'GET /project/project/dropList': { body: { code: 200, msg: 'ok', data: projects } },
  });
}

function setup() {
  const store = makeStore();
  const loader = createGuardLoader(() => Promise.resolve(store));
  const run = async (url: string) => {
    const result: unknown = await loader({
      request: new Request(`http://localhost${url}`),
      params: {},
      context: undefined,
    } as unknown as LoaderFunctionArgs);
    return result instanceof Response ? result.headers.get('Location') : result;
  };
  return { store, run };
}

afterEach(() => setFeedback(undefined));

describe('guard loader', () => {
  it('sends a visitor to sign in with the full target path', async () => {
    const { run } = setup();
    mockFetch({});
    expect(await run('/system/user?x=1')).toBe('/login?redirect=%2Fsystem%2Fuser%3Fx%3D1');
    expect(await run('/login')).toBeNull();
  });

  it('loads user info and routes once signed in, then lets the page render', async () => {
    Cookies.set('Admin-Token', 'jwt');
    const { callsTo } = mockFetch({ 'GET /getInfo': { body: info }, 'GET /system/menu/getRouters': { body: routers } });
    const { store, run } = setup();
    expect(await run('/system/user')).toBeNull();
    expect(store.getState().routes.loaded).toBe(true);
    expect(store.getState().auth.defaultMenu).toBe('/system/user');
    expect(store.getState().auth.roles).toEqual(['ROLE_DEFAULT']);
    expect(callsTo('GET /system/menu/getRouters')[0]?.query.get('whereUse')).toBe('0');
    // loaded: no second round trip
    expect(await run('/index')).toBeNull();
    expect(callsTo('GET /getInfo')).toHaveLength(1);
    // a signed-in user does not see the sign-in page
    expect(await run('/login')).toBe('/');
  });

  it('logs out locally and goes to / when user info fails', async () => {
    Cookies.set('Admin-Token', 'jwt');
    Cookies.set('projectId', '3');
    const error = vi.fn();
    setFeedback({ message: { error } } as unknown as Feedback);
    mockFetch({ 'GET /getInfo': { status: 500, body: { code: 500, msg: 'boom' } } });
    const { store, run } = setup();
    expect(await run('/system/user')).toBe('/');
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ content: 'boom' }));
    expect(Cookies.get('Admin-Token')).toBeUndefined();
    expect(Cookies.get('projectId')).toBeUndefined();
    expect(store.getState().auth.token).toBeUndefined();
  });

  it('signs in with another system token, selects the first project and drops the token from the URL', async () => {
    const { callsTo } = otherSystemSignIn([
      { id: 3, projectName: '滨江公园' },
      { id: 4, projectName: 'B' },
    ]);
    const { store, run } = setup();
    expect(await run('/index?token=foreign&tab=2')).toBe('/index?tab=2');
    expect(callsTo('GET /loginByOtherSystem')[0]?.query.get('token')).toBe('foreign');
    expect(callsTo('GET /loginByOtherSystem')[0]?.headers.has('Authorization')).toBe(false);
    expect(Cookies.get('Admin-Token')).toBe('jwt-other');
    expect(Cookies.get('Admin-Expires-In')).toBe('1900000000000');
    expect(Cookies.get('projectId')).toBe('3');
    expect(Cookies.get('projectName')).toBe('滨江公园');
    expect(store.getState().auth.projectName).toBe('滨江公园');
  });

  it('keeps the remembered project on another system sign-in while the user may still see it', async () => {
    Cookies.set('projectId', '4');
    Cookies.set('projectName', 'B');
    otherSystemSignIn([
      { id: 3, projectName: '滨江公园' },
      { id: 4, projectName: '天际线' },
    ]);
    const { store, run } = setup();
    expect(await run('/index?token=foreign')).toBe('/index');
    expect(Cookies.get('projectId')).toBe('4');
    expect(Cookies.get('projectName')).toBe('天际线');
    expect(store.getState().auth.projectId).toBe('4');
  });

  it('uses project -1 and an empty name when the user has no project', async () => {
    otherSystemSignIn([]);
    const { run } = setup();
    expect(await run('/index?token=foreign')).toBe('/index');
    expect(Cookies.get('projectId')).toBe('-1');
    expect(Cookies.get('projectName')).toBe('');
  });

  it("shows '认证信息异常' when the other system refuses", async () => {
    const error = vi.fn();
    setFeedback({ message: { error } } as unknown as Feedback);
    mockFetch({
      'GET /loginByOtherSystem': { body: { code: 200, msg: 'ok', data: { status: 'error', token: '' } } },
    });
    const { run } = setup();
    expect(await run('/index?token=bad')).toBe('/index');
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ content: '认证信息异常', duration: 5 }));
    expect(Cookies.get('Admin-Token')).toBeUndefined();
  });
});
