/** Test helpers: a server-sent event stream the test writes to, and a fetch that serves it. */

export interface SseStream {
  response: Response;
  send: (event: string, data: unknown) => void;
  end: () => void;
}

/** A text/event-stream response; ends with an error when `signal` aborts, as a real one does. */
export function sseStream(signal?: AbortSignal | null): SseStream {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let done = false;
  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
    },
  });
  signal?.addEventListener('abort', () => {
    if (done) return;
    done = true;
    controller?.error(new DOMException('aborted', 'AbortError'));
  });
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    send: (event, data) => {
      if (!done) controller?.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
    },
    end: () => {
      if (done) return;
      done = true;
      controller?.close();
    },
  };
}

export interface LiveRequest {
  headers: Headers;
  signal: AbortSignal | null | undefined;
  stream: SseStream | undefined;
}

/**
 * Wraps `fallback` (the console's fetch mock): GET {base}/live/stream answers with the next of
 * `statuses` (a number: an error answer; 'stream': an open stream), then streams.
 */
export function liveFetch(fallback: typeof fetch, statuses: (number | 'stream')[] = []) {
  const requests: LiveRequest[] = [];
  const queue = [...statuses];
  const fetchWithLive = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!href.endsWith('/live/stream')) return fallback(input, init);
    const next = queue.shift() ?? 'stream';
    const request: LiveRequest = { headers: new Headers(init?.headers), signal: init?.signal, stream: undefined };
    requests.push(request);
    if (next !== 'stream') {
      return new Response(JSON.stringify({ code: next, msg: 'unavailable' }), {
        status: next,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    request.stream = sseStream(init?.signal);
    return request.stream.response;
  };
  return { fetch: fetchWithLive, requests };
}
