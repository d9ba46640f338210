import { describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { LOADING_EVENT, type LoadingDetail } from '../lib/loading';
import { createHttpClient, type ClientDeps } from './client';
import { download, downloadFile, filenameOf, formBody } from './download';

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

describe('downloadFile', () => {
  function fileDeps(response: Response) {
    const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(response));
    const client: ClientDeps = {
      baseUrl: '/prod-api',
      fetch: fetchMock,
      getToken: () => 'tok',
      getProjectId: () => '7',
      getLanguage: () => 'en',
      t: i18n.getFixedT('en'),
      present: vi.fn(),
    };
    return { fetchMock, client, save: vi.fn(), error: vi.fn() };
  }

  it('GETs the file with the console headers and saves it under the name the server gives', async () => {
    const d = fileDeps(
      new Response('-- backup', {
        headers: { 'Content-Type': 'application/sql', 'Content-Disposition': `attachment; filename="backup_.sql"; filename*=UTF-8''%E5%A4%87%E4%BB%BD.sql` },
      }),
    );
    await expect(downloadFile('/system/backup/download/2', 'fallback.sql', d)).resolves.toBe(true);
    const [url, init] = d.fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/prod-api/system/backup/download/2');
    expect(init?.method).toBe('GET');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer tok');
    const [saved, name] = d.save.mock.calls[0] as [Blob, string];
    expect(name).toBe('备份.sql');
    expect(await saved.text()).toBe('-- backup');
  });

  it('falls back to the given name, and shows the msg of a JSON answer', async () => {
    let d = fileDeps(new Response('-- backup', { headers: { 'Content-Type': 'application/sql' } }));
    await expect(downloadFile('/x', 'fallback.sql', d)).resolves.toBe(true);
    expect(d.save.mock.calls[0]?.[1]).toBe('fallback.sql');
    d = fileDeps(new Response(JSON.stringify({ code: 200, msg: '备份不存在' }), { headers: { 'Content-Type': 'application/json' } }));
    await expect(downloadFile('/x', 'fallback.sql', d)).resolves.toBe(false);
    expect(d.error).toHaveBeenCalledWith('备份不存在');
    expect(d.save).not.toHaveBeenCalled();
  });

  it('reads the file name of a Content-Disposition header', () => {
    expect(filenameOf(`attachment; filename="a_b.sql"; filename*=UTF-8''a%20b.sql`)).toBe('a b.sql');
    expect(filenameOf('attachment; filename="plain.sql"')).toBe('plain.sql');
    expect(filenameOf('attachment; filename=bare.sql')).toBe('bare.sql');
    expect(filenameOf(`attachment; filename="kept.sql"; filename*=UTF-8''%E0%A4`)).toBe('kept.sql');
    expect(filenameOf('attachment')).toBeUndefined();
    expect(filenameOf(null)).toBeUndefined();
  });
});
