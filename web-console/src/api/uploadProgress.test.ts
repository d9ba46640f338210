import { describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { createHttpClient } from './client';
import { progressFetch, type UploadProgress } from './uploadProgress';

/** An XMLHttpRequest that records what it is given and answers as told. */
class RecordingXhr {
  readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  opened: [string, string] | undefined;
  headers: Record<string, string> = {};
  body: unknown;
  answerHeaders = '';

  open(method: string, url: string) {
    this.opened = [method, url];
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getAllResponseHeaders() {
    return this.answerHeaders;
  }
  abort() {
    this.onabort?.();
  }
  send(body: unknown) {
    this.body = body;
  }
  /** The upload goes on: `loaded` bytes of `total` sent. */
  sent(loaded: number, total: number, lengthComputable = true) {
    this.upload.onprogress?.({ loaded, total, lengthComputable } as ProgressEvent);
  }
  answer(status: number, body: unknown, headers = 'content-type: application/json\r\nx-odd header: ignored') {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.answerHeaders = headers;
    this.onload?.();
  }
}

function setup() {
  const xhr = new RecordingXhr();
  const progress: UploadProgress[] = [];
  const present = vi.fn();
  const client = createHttpClient({
    baseUrl: '/prod-api',
    fetch: progressFetch((step) => progress.push(step), () => xhr as unknown as XMLHttpRequest),
    getToken: () => 'tok',
    getProjectId: () => '7',
    getLanguage: () => 'zh-CN',
    t: i18n.getFixedT('zh-CN'),
    present,
  });
  return { xhr, progress, present, client };
}

describe('uploads with progress', () => {
  it("send the console client's headers and body, report the share sent, and answer the envelope", async () => {
    const { xhr, progress, client } = setup();
    const form = new FormData();
    form.append('file', new Blob(['-- backup']), 'b.sql');
    const pending = client.request({ url: '/system/backup/import', method: 'POST', data: form });
    await vi.waitFor(() => expect(xhr.body).toBe(form));
    expect(xhr.opened).toEqual(['POST', '/prod-api/system/backup/import']);
    expect(xhr.headers).toMatchObject({ authorization: 'Bearer tok', projectid: '7', 'content-language': 'zh_CN' });
    expect(Object.keys(xhr.headers)).not.toContain('content-type');
    xhr.sent(50, 100);
    xhr.sent(100, 100);
    xhr.sent(10, 0, false);
    xhr.answer(200, { code: 200, msg: '恢复成功', data: { totalRows: 3 } });
    await expect(pending).resolves.toEqual({ code: 200, msg: '恢复成功', data: { totalRows: 3 } });
    expect(progress).toEqual([
      { loaded: 50, total: 100 },
      { loaded: 100, total: 100 },
      { loaded: 10, total: 0 },
    ]);
  });

  it('read a refusal through the error catalogue, and fail as fetch fails', async () => {
    const refused = setup();
    let { xhr, client } = refused;
    let pending = client.request({ url: '/system/backup/import', method: 'POST', data: new FormData() });
    await vi.waitFor(() => expect(xhr.opened).toBeDefined());
    xhr.answer(400, { code: 400, msg: '该文件不是本系统导出的备份' });
    await expect(pending).rejects.toMatchObject({ kind: 'business', message: '该文件不是本系统导出的备份' });
    expect(refused.present).toHaveBeenCalledTimes(1);

    ({ xhr, client } = setup());
    pending = client.request({ url: '/x', method: 'POST', data: new FormData() });
    await vi.waitFor(() => expect(xhr.opened).toBeDefined());
    xhr.onerror?.();
    await expect(pending).rejects.toMatchObject({ kind: 'network' });

    ({ xhr, client } = setup());
    pending = client.request({ url: '/x', method: 'POST', data: new FormData(), timeout: 5 });
    await expect(pending).rejects.toMatchObject({ kind: 'timeout' });
  });
});
