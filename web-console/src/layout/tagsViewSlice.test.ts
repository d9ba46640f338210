import { describe, expect, it } from 'vitest';
import { loggedOut } from '../features/auth/authSlice';
import tagsViewSlice, { allDeleted, cachedViewDeleted, othersDeleted, viewAdded, viewDeleted, type TagView } from './tagsViewSlice';

const reducer = tagsViewSlice.reducer;
const home: TagView = { path: '/index', fullPath: '/index', title: '首页', affix: true };
const users: TagView = { path: '/system/user', fullPath: '/system/user', title: '用户管理' };
const roles: TagView = { path: '/system/role', fullPath: '/system/role?x=1', title: '角色管理' };
const menus: TagView = { path: '/system/menu', fullPath: '/system/menu', title: '菜单管理', noCache: true };

function withViews(...views: TagView[]) {
  return views.reduce((state, view) => reducer(state, viewAdded(view)), reducer(undefined, { type: 'init' }));
}

describe('tags view lists', () => {
  it('adds a visited page once (keeping its latest query) and caches it unless noCache', () => {
    let state = withViews(home, users, menus, users);
    state = reducer(state, viewAdded({ ...users, fullPath: '/system/user?page=2' }));
    expect(state.visited.map((view) => view.path)).toEqual(['/index', '/system/user', '/system/menu']);
    expect(state.visited[1]?.fullPath).toBe('/system/user?page=2');
    expect(state.cached).toEqual(['/index', '/system/user']);
  });

  it('deletes one, never a pinned one', () => {
    let state = reducer(withViews(home, users, roles), viewDeleted('/system/user'));
    expect(state.visited.map((view) => view.path)).toEqual(['/index', '/system/role']);
    expect(state.cached).toEqual(['/index', '/system/role']);
    state = reducer(state, viewDeleted('/index'));
    expect(state.visited.map((view) => view.path)).toEqual(['/index', '/system/role']);
  });

  it('deletes others and all; pinned tabs stay', () => {
    const state = withViews(home, users, roles, menus);
    const others = reducer(state, othersDeleted('/system/role'));
    expect(others.visited.map((view) => view.path)).toEqual(['/index', '/system/role']);
    expect(others.cached).toEqual(['/index', '/system/role']);
    const all = reducer(state, allDeleted());
    expect(all.visited).toEqual([home]);
    expect(all.cached).toEqual(['/index']);
  });

  it('forgets a cached page without closing its tab, and everything on logout', () => {
    const state = reducer(withViews(home, users), cachedViewDeleted('/system/user'));
    expect(state.visited).toHaveLength(2);
    expect(state.cached).toEqual(['/index']);
    expect(reducer(state, loggedOut())).toEqual({ visited: [], cached: [] });
  });
});
