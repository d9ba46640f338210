import { describe, expect, it } from 'vitest';
import { loginProblems } from './rules';

describe('the sign-in form', () => {
  it('asks for the account (trimmed) and the password', () => {
    expect(loginProblems({ username: '  ', password: '', code: '' }, false)).toEqual({
      username: 'usernameRequired',
      password: 'passwordRequired',
    });
    expect(loginProblems({ username: 'admin', password: ' ', code: '' }, false)).toEqual({});
  });

  it('asks for the verification code only when the server enables it', () => {
    expect(loginProblems({ username: 'admin', password: 'admin123', code: ' ' }, true)).toEqual({ code: 'codeRequired' });
    expect(loginProblems({ username: 'admin', password: 'admin123', code: '' }, false)).toEqual({});
  });
});
