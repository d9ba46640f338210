import { describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { LOADING_EVENT, type LoadingDetail } from '../lib/loading';
import { createHttpClient } from './client';
import { download, formBody } from './download';

function deps(response: Response) {
  const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(response));
  const client = createHttpClient({
    baseUrl: '/prod-api',
    fetch: fetchMock,
    getToken: () => 'tok',
    getProjectId: () => undefined,
    getLanguage: () => 'zh-CN',
    t: i18n.getFixedT('zh-CN'),
    present: vi.fn(),
  });
  return { fetchMock, client, save: vi.fn(), error: vi.fn() };
}

describe('download', () => {
  it('POSTs a form-encoded body and saves the blob under the given name', async () => {
    const loading: LoadingDetail[] = [];
    const onLoading = (event: Event) => loading.push((event as CustomEvent<LoadingDetail>).detail);
    window.addEventListener(LOADING_EVENT, onLoading);
    const d = deps(new Response('xlsx bytes', { headers: { 'Content-Type': 'application/vnd.ms-excel' } }));
    await expect(download('/system/user/export', { status: '0', name: '', page: 1 }, 'users.xlsx', d)).resolves.toBe(true);
    window.removeEventListener(LOADING_EVENT, onLoading);

    const [url, init] = d.fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/prod-api/system/user/export');
    expect(init?.method).toBe('POST');
    expect((init?.body as URLSearchParams).toString()).toBe('status=0&page=1');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(d.save).toHaveBeenCalledTimes(1);
    const [saved, name] = d.save.mock.calls[0] as [Blob, string];
    expect(name).toBe('users.xlsx');
    expect(await saved.text()).toBe('xlsx bytes');
    expect(d.error).not.toHaveBeenCalled();
    expect(loading.map((detail) => detail.show)).toEqual([true, false]);
  });

  it('shows the msg of a JSON answer as an error and saves nothing', async () => {
    const d = deps(new Response(JSON.stringify({ code: 200, msg: '导出数据为空' }), { headers: { 'Content-Type': 'application/json' } }));
    await expect(download('/x', {}, 'x.xlsx', d)).resolves.toBe(false);
    expect(d.error).toHaveBeenCalledWith('导出数据为空');
    expect(d.save).not.toHaveBeenCalled();
  });

  it('reads a JSON blob too', async () => {
    const d = deps(new Response(''));
    const blob = await new Response(JSON.stringify({ code: 500, msg: '无权导出' }), {
      headers: { 'Content-Type': 'application/json' },
    }).blob();
    const client = { ...d.client, request: <T,>() => Promise.resolve(blob as T) };
    await expect(download('/x', {}, 'x.xlsx', { ...d, client })).resolves.toBe(false);
    expect(d.error).toHaveBeenCalledWith('无权导出');
    expect(d.save).not.toHaveBeenCalled();
  });

  it('leaves the error to the client when the server refuses', async () => {
    const d = deps(new Response(JSON.stringify({ code: 500, msg: '导出失败' }), { status: 500, headers: { 'Content-Type': 'application/json' } }));
    await expect(download('/x', {}, 'x.xlsx', d)).resolves.toBe(false);
    expect(d.error).not.toHaveBeenCalled();
    expect(d.save).not.toHaveBeenCalled();
  });

  it('leaves empty values out of the form', () => {
    expect(formBody({ a: 1, b: '', c: undefined, d: null, e: false }).toString()).toBe('a=1&e=false');
  });
});
