import { describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { interpretResponse, transportError, type ApiError } from './errors';

const zh = i18n.getFixedT('zh-CN');
const en = i18n.getFixedT('en');

function failure(status: number, body: unknown, t = en): ApiError {
  const outcome = interpretResponse(status, body, t);
  if (outcome.ok) throw new Error('expected a failure');
  return outcome.error;
}

describe('interpretResponse', () => {
  it('accepts code 200 and a missing code as success', () => {
    expect(interpretResponse(200, { code: 200, msg: 'ok', token: 't' }, en)).toEqual({
      ok: true,
      envelope: { code: 200, msg: 'ok', token: 't' },
    });
    expect(interpretResponse(200, { msg: 'ok', data: [] }, en).ok).toBe(true);
  });

  it('asks to sign in again on 401, whatever the HTTP status', () => {
    const error = failure(401, { code: 401, msg: 'token expired' });
    expect(error).toMatchObject({ kind: 'unauthenticated', presentation: 'relogin', code: 401 });
    expect(failure(200, { code: 401 }).presentation).toBe('relogin');
  });

  it('shows the catalogue text for 403 and 404 as a notification', () => {
    expect(failure(403, { code: 403, msg: 'forbidden by edge' })).toMatchObject({
      message: 'no permission for current operation',
      presentation: 'notification',
    });
    expect(failure(404, { code: 404, msg: 'nope' })).toMatchObject({
      message: 'resource does not exist',
      presentation: 'notification',
    });
    expect(failure(403, { code: 403 }, zh).message).toBe('当前操作没有权限');
  });

  it('shows the server message for 500 as an error message', () => {
    expect(failure(500, { code: 500, msg: '用户不存在/密码错误' })).toMatchObject({
      kind: 'server',
      message: '用户不存在/密码错误',
      presentation: 'message',
    });
  });

  it('shows the server message, or the unknown-error text, for other codes', () => {
    expect(failure(400, { code: 400, msg: 'bad request body' })).toMatchObject({
      kind: 'business',
      message: 'bad request body',
      presentation: 'notification',
    });
    expect(failure(413, { code: 413 })).toMatchObject({
      message: 'unknown system error, please report to the administrator',
    });
    expect(failure(200, { code: 601, msg: '' }, zh).message).toBe('系统未知错误，请反馈给管理员');
  });

  it('uses the HTTP status only when the body is not an envelope', () => {
    expect(failure(502, '<html>Bad Gateway</html>')).toMatchObject({
      kind: 'http',
      status: 502,
      message: 'system interface 502 abnormal',
      presentation: 'message',
    });
    expect(failure(503, undefined, zh).message).toBe('系统接口503异常');
    expect(failure(500, [1, 2]).kind).toBe('http');
  });

  it('passes a non-envelope success body through as data', () => {
    expect(interpretResponse(200, 'plain', en)).toEqual({ ok: true, envelope: { code: 200, data: 'plain' } });
  });
});

describe('transportError', () => {
  it('names network failures and timeouts', () => {
    expect(transportError('network', en).message).toBe('backend interface connection abnormal');
    expect(transportError('timeout', en).message).toBe('system interface request timed out');
    expect(transportError('network', zh).message).toBe('后端接口连接异常');
    expect(transportError('aborted', en).presentation).toBe('none');
  });
});
