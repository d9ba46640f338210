import { describe, expect, it } from 'vitest';
import { decideGuard, loginUrl, postLoginTarget, stripBasename, withBasename } from './guard';

const visitor = { hasToken: false, routesLoaded: false };
const signedIn = { hasToken: true, routesLoaded: true };

describe('decideGuard', () => {
  it('lets visitors open the open routes', () => {
    for (const pathname of ['/login', '/auth-redirect', '/bind', '/register']) {
      expect(decideGuard({ pathname, search: '', ...visitor })).toEqual({ type: 'allow' });
    }
  });

  it('sends visitors elsewhere to /login with the full target path', () => {
    expect(decideGuard({ pathname: '/system/user', search: '?x=1', ...visitor })).toEqual({
      type: 'redirect',
      to: '/login?redirect=%2Fsystem%2Fuser%3Fx%3D1',
    });
    expect(decideGuard({ pathname: '/', search: '', ...visitor })).toEqual({ type: 'redirect', to: loginUrl('/') });
  });

  it('sends a signed-in user away from /login to /', () => {
    expect(decideGuard({ pathname: '/login', search: '?redirect=%2Fa', ...signedIn })).toEqual({
      type: 'redirect',
      to: '/',
    });
    expect(decideGuard({ pathname: '/login', search: '', hasToken: true, routesLoaded: false })).toEqual({
      type: 'redirect',
      to: '/',
    });
  });

  it('loads the session once after sign-in, then allows', () => {
    expect(decideGuard({ pathname: '/system/user', search: '', hasToken: true, routesLoaded: false })).toEqual({
      type: 'loadSession',
    });
    expect(decideGuard({ pathname: '/system/user', search: '', ...signedIn })).toEqual({ type: 'allow' });
  });

  it('lets a signed-in user open the other open routes without loading routes', () => {
    expect(decideGuard({ pathname: '/register', search: '', hasToken: true, routesLoaded: false })).toEqual({
      type: 'allow',
    });
  });

  it('signs in with a token from the URL and continues without it', () => {
    expect(decideGuard({ pathname: '/index', search: '?token=abc&tab=2', ...visitor })).toEqual({
      type: 'otherSystemLogin',
      token: 'abc',
      continueTo: '/index?tab=2',
    });
    expect(decideGuard({ pathname: '/index', search: '?token=abc', ...signedIn })).toEqual({
      type: 'otherSystemLogin',
      token: 'abc',
      continueTo: '/index',
    });
  });
});

describe('postLoginTarget', () => {
  it('uses the redirect parameter, query included', () => {
    expect(postLoginTarget('/system/user?x=1', '/index')).toBe('/system/user?x=1');
  });

  it('falls back to the first route', () => {
    expect(postLoginTarget(null, '/alarm/current')).toBe('/alarm/current');
    expect(postLoginTarget('', '/alarm/current')).toBe('/alarm/current');
    expect(postLoginTarget('/', '/alarm/current')).toBe('/alarm/current');
    expect(postLoginTarget('/login?redirect=%2F', '/alarm/current')).toBe('/alarm/current');
  });

  it('never leaves the console', () => {
    expect(postLoginTarget('https://evil.test/', '/index')).toBe('/index');
    expect(postLoginTarget('//evil.test/', '/index')).toBe('/index');
  });
});

describe('the base path', () => {
  it('is taken off a path under it, and only there', () => {
    expect(stripBasename('/console/index', '/console')).toBe('/index');
    expect(stripBasename('/console', '/console')).toBe('/');
    expect(stripBasename('/elsewhere', '/console')).toBe('/elsewhere');
    expect(stripBasename('/index', '/')).toBe('/index');
  });

  it('is put back in front of a path inside the console', () => {
    expect(withBasename('/login?redirect=%2Findex', '/console')).toBe('/console/login?redirect=%2Findex');
    expect(withBasename('/index', '/')).toBe('/index');
  });
});
