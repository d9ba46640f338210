import { describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { createHttpClient } from './client';
import { FILE_TYPE_ERROR, uploadFile } from './upload';

function client(body: unknown, status = 200) {
  const fetchMock = vi.fn<typeof fetch>(() =>
    Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })),
  );
  const present = vi.fn();
  const http = createHttpClient({
    baseUrl: '/prod-api',
    fetch: fetchMock,
    getToken: () => 'tok',
    getProjectId: () => '1',
    getLanguage: () => 'zh-CN',
    t: i18n.getFixedT('zh-CN'),
    present,
  });
  return { http, fetchMock, present };
}

describe('uploadFile', () => {
  it('sends the file as multipart with the bearer token and resolves with the stored path', async () => {
    const { http, fetchMock } = client({ code: 200, msg: '/upload/2024/05/gw.bin' });
    await expect(uploadFile(2, new Blob(['fw']), 'gw.bin', http)).resolves.toBe('/upload/2024/05/gw.bin');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/prod-api/system/common/upload/2');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer tok');
    expect((init?.body as FormData).get('file')).toBeInstanceOf(Blob);
  });

  it.each([0, 4, '1', undefined])("refuses type %j with '文件类型错误' before sending", async (type) => {
    const { http, fetchMock } = client({ code: 200, msg: 'x' });
    await expect(uploadFile(type, new Blob(['x']), 'x', http)).rejects.toThrow(FILE_TYPE_ERROR);
    expect(FILE_TYPE_ERROR).toBe('文件类型错误');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects with the server message when the code is not 200', async () => {
    const { http, present } = client({ code: 500, msg: '文件大小超出限制' }, 500);
    await expect(uploadFile(1, new Blob(['x']), 'x', http)).rejects.toThrow('文件大小超出限制');
    expect(present).not.toHaveBeenCalled();
  });
});
