import { describe, expect, it } from 'vitest';
import { toSessionInfo } from './api';
import { REFRESH_THRESHOLD_MS, shouldRefreshSession } from './session';

describe('shouldRefreshSession', () => {
  const now = 1_000_000;

  it('refreshes when under ten minutes remain', () => {
    expect(shouldRefreshSession(now, now + REFRESH_THRESHOLD_MS - 1)).toBe(true);
    expect(shouldRefreshSession(now, now - 1)).toBe(true);
  });

  it('leaves a fresh session alone', () => {
    expect(shouldRefreshSession(now, now + REFRESH_THRESHOLD_MS + 1)).toBe(false);
  });

  it('refreshes to learn an unknown expiry', () => {
    expect(shouldRefreshSession(now, undefined)).toBe(true);
  });
});

describe('toSessionInfo', () => {
  it('reads defultMenu as the default menu and keeps the permissions', () => {
    const info = toSessionInfo({
      code: 200,
      user: { userId: 1, userName: 'admin', nickName: '管理员', avatar: '/profile/a.png' },
      roles: ['ROLE_DEFAULT'],
      permissions: ['*:*:*'],
      defultMenu: '/alarm/current',
    });
    expect(info).toMatchObject({
      user: { userName: 'admin', nickName: '管理员', avatar: '/profile/a.png' },
      roles: ['ROLE_DEFAULT'],
      permissions: ['*:*:*'],
      defaultMenu: '/alarm/current',
    });
  });

  it('falls back to ROLE_DEFAULT, no permissions and no default menu', () => {
    const info = toSessionInfo({ code: 200, user: { userName: 'u' } });
    expect(info.roles).toEqual(['ROLE_DEFAULT']);
    expect(info.permissions).toEqual([]);
    // The server's role keys (RuoYi's getInfo) never reach the state.
    expect(toSessionInfo({ code: 200, user: { userName: 'admin' }, roles: ['admin'] }).roles).toEqual(['ROLE_DEFAULT']);
    expect(info.defaultMenu).toBe('');
    expect(info.user.nickName).toBe('u');
  });
});
