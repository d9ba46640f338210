import { describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { CANCEL_REASON, createHttpClient, toQueryString, type ClientDeps } from './client';
import type { ApiError } from './errors';

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function setup(overrides: Partial<ClientDeps> = {}) {
  const present = vi.fn<(error: ApiError) => void>();
  const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse({ code: 200, msg: 'ok' })));
  const deps: ClientDeps = {
    baseUrl: '/prod-api',
    fetch: fetchMock,
    getToken: () => 'tok',
    getProjectId: () => '7',
    getLanguage: () => 'en',
    t: i18n.getFixedT('en'),
    present,
    ...overrides,
  };
  return { client: createHttpClient(deps), fetchMock, present };
}

function sentHeaders(fetchMock: ReturnType<typeof setup>['fetchMock']): Headers {
  const init = fetchMock.mock.calls[0]?.[1];
  return new Headers(init?.headers);
}

describe('http client requests', () => {
  it('sends token, project and language headers and a JSON body', async () => {
    const { client, fetchMock } = setup();
    await client.request({ url: '/login', method: 'POST', data: { username: 'admin' } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/prod-api/login');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"username":"admin"}');
    const headers = sentHeaders(fetchMock);
    expect(headers.get('Authorization')).toBe('Bearer tok');
    expect(headers.get('ProjectId')).toBe('7');
    expect(headers.get('Content-Language')).toBe('en_US');
    expect(headers.get('Content-Type')).toContain('application/json');
  });

  it('leaves out each header when disabled or unknown', async () => {
    const { client, fetchMock } = setup({ getProjectId: () => undefined, getLanguage: () => 'zh-CN' });
    await client.request({ url: '/captchaImage', isToken: false });
    let headers = sentHeaders(fetchMock);
    expect(headers.has('Authorization')).toBe(false);
    expect(headers.has('ProjectId')).toBe(false);
    expect(headers.get('Content-Language')).toBe('zh_CN');
    fetchMock.mockClear();
    await client.request({ url: '/x', isLanguage: false, isProject: false });
    headers = sentHeaders(fetchMock);
    expect(headers.has('Content-Language')).toBe(false);
    expect(headers.get('Authorization')).toBe('Bearer tok');
  });

  it('encodes query parameters, leaving out empty ones', async () => {
    const { client, fetchMock } = setup();
    await client.request({ url: '/system/menu/getRouters', params: { whereUse: 0, name: '', other: undefined } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/prod-api/system/menu/getRouters?whereUse=0');
    expect(toQueryString({ projectName: '滨江 公园' })).toBe('?projectName=%E6%BB%A8%E6%B1%9F+%E5%85%AC%E5%9B%AD');
  });

  it('sends FormData as multipart (no JSON content type)', async () => {
    const { client, fetchMock } = setup();
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.bin');
    await client.request({ url: '/system/common/upload/1', method: 'POST', data: form });
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe(form);
    expect(sentHeaders(fetchMock).has('Content-Type')).toBe(false);
  });
});

describe('http client errors', () => {
  it('resolves with the envelope on success', async () => {
    const { client, present } = setup({
      fetch: () => Promise.resolve(jsonResponse({ code: 200, msg: 'ok', token: 'abc' })),
    });
    await expect(client.request({ url: '/login' })).resolves.toEqual({ code: 200, msg: 'ok', token: 'abc' });
    expect(present).not.toHaveBeenCalled();
  });

  it('reads the envelope of a non-2xx response', async () => {
    const { client, present } = setup({
      fetch: () => Promise.resolve(jsonResponse({ code: 403, msg: 'no' }, 403)),
    });
    await expect(client.request({ url: '/system/user/list' })).rejects.toMatchObject({
      message: 'no permission for current operation',
      presentation: 'notification',
    });
    expect(present).toHaveBeenCalledTimes(1);
  });

  it('rejects 500 with the server message shown once', async () => {
    const { client, present } = setup({
      fetch: () => Promise.resolve(jsonResponse({ code: 500, msg: '用户不存在/密码错误' }, 500)),
    });
    await expect(client.request({ url: '/login' })).rejects.toMatchObject({ message: '用户不存在/密码错误' });
    expect(present.mock.calls[0]?.[0]).toMatchObject({ presentation: 'message', message: '用户不存在/密码错误' });
  });

  it('maps 401 to the re-login dialog', async () => {
    const { client, present } = setup({ fetch: () => Promise.resolve(jsonResponse({ code: 401, msg: 'x' }, 401)) });
    await expect(client.request({ url: '/getInfo' })).rejects.toMatchObject({ kind: 'unauthenticated' });
    expect(present.mock.calls[0]?.[0]).toMatchObject({ presentation: 'relogin' });
  });

  it('reports an HTTP status when the body is not an envelope', async () => {
    const { client } = setup({
      fetch: () => Promise.resolve(new Response('<html>bad gateway</html>', { status: 502 })),
    });
    await expect(client.request({ url: '/getInfo' })).rejects.toMatchObject({
      message: 'system interface 502 abnormal',
    });
  });

  it('reports a network failure', async () => {
    const { client, present } = setup({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(client.request({ url: '/getInfo' })).rejects.toMatchObject({
      kind: 'network',
      message: 'backend interface connection abnormal',
    });
    expect(present).toHaveBeenCalledTimes(1);
  });

  it('times out', async () => {
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const { client } = setup({ fetch: hanging });
    await expect(client.request({ url: '/slow', timeout: 5 })).rejects.toMatchObject({
      kind: 'timeout',
      message: 'system interface request timed out',
    });
  });

  it('stays quiet when the caller aborts or asks for silence', async () => {
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const { client, present } = setup({ fetch: hanging });
    const controller = new AbortController();
    const pending = client.request({ url: '/slow', signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'aborted' });
    expect(present).not.toHaveBeenCalled();

    const quiet = setup({ fetch: () => Promise.resolve(jsonResponse({ code: 500, msg: 'x' }, 500)) });
    await expect(quiet.client.request({ url: '/x', silent: true })).rejects.toMatchObject({ kind: 'server' });
    expect(quiet.present).not.toHaveBeenCalled();
  });
});

describe('the pending-request cancel list', () => {
  const hanging: typeof fetch = (_input, init) =>
    new Promise((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });

  it("cancels every pending request with '项目不存在！' and clears the list, quietly", async () => {
    const { client, present } = setup({ fetch: hanging });
    const first = client.request({ url: '/a' });
    const second = client.request({ url: '/b' });
    const kept = client.request({ url: '/c', cancellable: false, timeout: 20 });
    await Promise.resolve();
    expect(client.pendingCount()).toBe(2);
    expect(client.cancelPendingRequests()).toBe(2);
    expect(CANCEL_REASON).toBe('项目不存在！');
    await expect(first).rejects.toMatchObject({ kind: 'aborted', message: '项目不存在！' });
    await expect(second).rejects.toMatchObject({ kind: 'aborted', message: '项目不存在！' });
    expect(client.pendingCount()).toBe(0);
    await expect(kept).rejects.toMatchObject({ kind: 'timeout' });
    expect(present).toHaveBeenCalledTimes(1); // only the timeout
  });

  it('forgets finished requests', async () => {
    const { client } = setup();
    await client.request({ url: '/done' });
    expect(client.pendingCount()).toBe(0);
    expect(client.cancelPendingRequests()).toBe(0);
  });
});
