import { vi } from 'vitest';

/** The size of a request body, as an upload's progress counts it. */
function sizeOf(body: unknown): number {
  if (body instanceof FormData) {
    let size = 0;
    body.forEach((value) => {
      size += typeof value === 'string' ? value.length : value.size;
    });
    return size;
  }
  return typeof body === 'string' ? body.length : 0;
}

export interface XhrUploads {
  /** Lets the held uploads go on: the rest of the body is sent and the backend answers. */
  release: () => void;
}

/**
 * Test helper for uploads with progress (api/uploadProgress.ts): XMLHttpRequest is replaced by
 * one that reports half of the body sent, then (at once, or once `release()` is called when
 * `hold` is set) all of it, and hands the request to `fetch` (the mocked backend), whose
 * answer it gives back.
 */
export function mockXhrUploads({ hold = false }: { hold?: boolean } = {}): XhrUploads {
  let release: () => void = () => undefined;
  const released = hold ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();

  class FakeXhr {
    readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    statusText = '';
    responseText = '';
    private method = 'GET';
    private url = '';
    private readonly requestHeaders = new Headers();
    private responseHeaders = '';
    private aborted = false;

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.requestHeaders.set(name, value);
    }

    getAllResponseHeaders() {
      return this.responseHeaders;
    }

    abort() {
      this.aborted = true;
      this.onabort?.();
    }

    send(body: unknown) {
      void this.run(body);
    }

    private progress(loaded: number, total: number) {
      this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
    }

    private async run(body: unknown) {
      const total = Math.max(sizeOf(body), 2);
      await Promise.resolve();
      this.progress(Math.floor(total / 2), total);
      await released;
      if (this.aborted) return;
      this.progress(total, total);
      try {
        const response = await fetch(this.url, { method: this.method, headers: this.requestHeaders, body: body as BodyInit });
        this.status = response.status;
        this.statusText = response.statusText;
        this.responseText = await response.text();
        const lines: string[] = [];
        response.headers.forEach((value, name) => lines.push(`${name}: ${value}`));
        this.responseHeaders = lines.join('\r\n');
        this.onload?.();
      } catch {
        this.onerror?.();
      }
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { release: () => release() };
}
