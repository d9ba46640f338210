import { vi } from 'vitest';

export interface MockRequest {
  method: string;
  /** Path below the API base, without the query string. */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

export interface MockResponse {
  status?: number;
  body: unknown;
}

export type MockHandler = (request: MockRequest) => MockResponse | Promise<MockResponse>;

/** Routes keyed "METHOD /path" (below /prod-api); unknown routes answer 404 with an envelope. */
export function mockFetch(routes: Record<string, MockHandler | MockResponse>) {
  const calls: MockRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://localhost');
    const path = url.pathname.replace(/^\/prod-api/, '');
    const method = (init?.method ?? 'GET').toUpperCase();
    const rawBody = init?.body;
    const request: MockRequest = {
      method,
      path,
      query: url.searchParams,
      headers: new Headers(init?.headers),
      body: typeof rawBody === 'string' ? (JSON.parse(rawBody) as unknown) : rawBody,
    };
    calls.push(request);
    const route = routes[`${method} ${path}`];
    const answer = typeof route === 'function' ? await route(request) : route;
    const response = answer ?? { status: 404, body: { code: 404, msg: 'not found' } };
    return new Response(JSON.stringify(response.body), {
      status: response.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls, callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key) };
}
