import { describe, expect, it } from 'vitest';
import { cookieAttributes, cookies } from './cookies';

describe('cookies', () => {
  it('are SameSite=Strict always and Secure under https', () => {
    expect(cookieAttributes('http:')).toEqual({ sameSite: 'strict', secure: false });
    expect(cookieAttributes('https:')).toEqual({ sameSite: 'strict', secure: true });
  });

  it('are written and read through the jar', () => {
    cookies.set('probe', 'x');
    expect(cookies.get('probe')).toBe('x');
    cookies.remove('probe');
    expect(cookies.get('probe')).toBeUndefined();
  });
});
