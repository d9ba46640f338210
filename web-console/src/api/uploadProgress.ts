/** How far an upload has come: bytes of the request body sent, of `total` (0 when unknown). */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/** Statuses whose responses have no body (the Response constructor refuses one). */
const NULL_BODY_STATUSES: readonly number[] = [101, 103, 204, 205, 304];

function headersOf(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    try {
      headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
    } catch {
      // a header name fetch's Headers refuses: not one the console reads
    }
  }
  return headers;
}

function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

const abortError = () => new DOMException('The request was aborted', 'AbortError');

/**
 * A `fetch` over XMLHttpRequest that reports how much of the request body has been sent, which
 * fetch cannot: the transport (`ClientDeps.fetch`) of a client made for one upload, so the
 * request keeps the console client's headers, timeout, error catalogue and presenter. It
 * fails as fetch does (TypeError on a network failure, AbortError when its signal aborts).
 * The answer is read as text: an upload's answer is the JSON envelope.
 */
export function progressFetch(
  onProgress: (progress: UploadProgress) => void,
  create: () => XMLHttpRequest = () => new XMLHttpRequest(),
): typeof fetch {
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const signal = init.signal;
      if (signal?.aborted) {
        reject(abortError());
        return;
      }
      const xhr = create();
      xhr.open(init.method ?? 'GET', urlOf(input));
      new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.upload.onprogress = (event) => onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
      xhr.onload = () => {
        try {
          const body = NULL_BODY_STATUSES.includes(xhr.status) ? null : xhr.responseText;
          resolve(new Response(body, { status: xhr.status, statusText: xhr.statusText, headers: headersOf(xhr.getAllResponseHeaders()) }));
        } catch {
          reject(new TypeError('Network request failed'));
        }
      };
      xhr.onerror = () => reject(new TypeError('Network request failed'));
      xhr.onabort = () => reject(abortError());
      signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
    });
}
