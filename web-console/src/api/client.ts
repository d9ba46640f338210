import type { TFunction } from 'i18next';
import i18n, { serverLanguage } from '../i18n';
import { getProjectId, getToken } from '../lib/session';
import { ApiError, interpretResponse, transportError, type Envelope } from './errors';
import { presentError } from './presenter';

/** Base path of the HTTP API. */
export const BASE_API: string = import.meta.env.VITE_APP_BASE_API || '/prod-api';
/** Spec section 7: 1,200,000 ms. */
export const REQUEST_TIMEOUT_MS = 1_200_000;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestConfig {
  url: string;
  method?: HttpMethod;
  params?: QueryParams;
  /** JSON by default; FormData goes as multipart, URLSearchParams as a form. */
  data?: unknown;
  headers?: Record<string, string>;
  /** Send `Authorization: Bearer` when a token exists (default true). */
  isToken?: boolean;
  /** Send `ProjectId` when a project is selected (default true). */
  isProject?: boolean;
  /** Send `Content-Language` (default true). */
  isLanguage?: boolean;
  /** Do not show the error to the user; the caller handles it. */
  silent?: boolean;
  /** 'blob' returns the body as a Blob unless the server answered with a JSON envelope. */
  responseType?: 'json' | 'blob';
  timeout?: number;
  signal?: AbortSignal;
  /** Whether cancelPendingRequests() may cancel this request (default true). */
  cancellable?: boolean;
}

export interface ClientDeps {
  baseUrl: string;
  fetch: typeof fetch;
  getToken: () => string | undefined;
  getProjectId: () => string | undefined;
  getLanguage: () => string;
  t: TFunction;
  present: (error: ApiError) => void;
}

/** A Blob from any realm (the test environment's fetch returns Node's Blob, not the DOM's). */
export function isBlob(value: unknown): value is Blob {
  return (
    value instanceof Blob ||
    (typeof value === 'object' &&
      value !== null &&
      typeof (value as Blob).arrayBuffer === 'function' &&
      typeof (value as Blob).size === 'number' &&
      typeof (value as Blob).type === 'string')
  );
}

/** Query string as the server expects it: empty values are left out. */
export function toQueryString(params: QueryParams | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function buildHeaders(config: RequestConfig, deps: ClientDeps): Headers {
  const headers = new Headers(config.headers);
  const token = config.isToken === false ? undefined : deps.getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const projectId = config.isProject === false ? undefined : deps.getProjectId();
  if (projectId) headers.set('ProjectId', projectId);
  if (config.isLanguage !== false) headers.set('Content-Language', serverLanguage(deps.getLanguage()));
  const isJsonBody =
    config.data !== undefined && !(config.data instanceof FormData) && !(config.data instanceof URLSearchParams);
  if (isJsonBody && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json;charset=utf-8');
  return headers;
}

function encodeBody(data: unknown): BodyInit | undefined {
  if (data === undefined) return undefined;
  if (data instanceof FormData || data instanceof URLSearchParams) return data;
  return JSON.stringify(data);
}

async function readBody(response: Response, responseType: 'json' | 'blob'): Promise<unknown> {
  const contentType = response.headers.get('Content-Type') ?? '';
  if (responseType === 'blob' && response.ok && !contentType.includes('application/json')) {
    return response.blob();
  }
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The reason pending requests are cancelled with (spec section 4). */
export const CANCEL_REASON = '项目不存在！';

/** Creates a client; the app uses the one built from the real cookies, i18n and antd below. */
export function createHttpClient(deps: ClientDeps) {
  /** The pending-request cancel list: each in-flight cancellable request's cancel function. */
  const pending = new Set<(reason: string) => void>();

  async function send(config: RequestConfig): Promise<{ status: number; body: unknown }> {
    const controller = new AbortController();
    let timedOut = false;
    let cancelReason: string | undefined;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, config.timeout ?? REQUEST_TIMEOUT_MS);
    const onCallerAbort = () => controller.abort();
    config.signal?.addEventListener('abort', onCallerAbort);
    const cancel = (reason: string) => {
      cancelReason = reason;
      controller.abort();
    };
    if (config.cancellable !== false) pending.add(cancel);
    try {
      const response = await deps.fetch(deps.baseUrl + config.url + toQueryString(config.params), {
        method: config.method ?? 'GET',
        headers: buildHeaders(config, deps),
        body: encodeBody(config.data),
        signal: controller.signal,
      });
      const body = await readBody(response, config.responseType ?? 'json');
      return { status: response.status, body };
    } catch {
      if (timedOut) throw transportError('timeout', deps.t);
      if (cancelReason !== undefined) throw new ApiError('aborted', cancelReason, 'none');
      if (config.signal?.aborted) throw transportError('aborted', deps.t);
      throw transportError('network', deps.t);
    } finally {
      clearTimeout(timer);
      pending.delete(cancel);
      config.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  /**
   * Cancels every pending request and clears the list; each rejects quietly with `reason`
   * (by default the spec's '项目不存在！').
   */
  function cancelPendingRequests(reason: string = CANCEL_REASON): number {
    const cancels = [...pending];
    pending.clear();
    for (const cancel of cancels) cancel(reason);
    return cancels.length;
  }

  /** Sends one request; resolves with the envelope (or a Blob), rejects with an ApiError. */
  async function request<T = Envelope>(config: RequestConfig): Promise<T> {
    try {
      const { status, body } = await send(config);
      if (isBlob(body)) return body as T;
      const outcome = interpretResponse(status, body, deps.t);
      if (outcome.ok) return outcome.envelope as T;
      throw outcome.error;
    } catch (error) {
      if (error instanceof ApiError && !config.silent && error.presentation !== 'none') deps.present(error);
      throw error;
    }
  }

  return { request, cancelPendingRequests, pendingCount: () => pending.size };
}

export type HttpClient = ReturnType<typeof createHttpClient>;

/**
 * What the console's client is made of: the base path, the session's token and project, the
 * language, the error presenter. A request that needs another transport (an upload's progress,
 * a download's headers) gets a client of its own from these, with its own `fetch`.
 */
export const APP_CLIENT_DEPS: ClientDeps = {
  baseUrl: BASE_API,
  fetch: (input, init) => fetch(input, init),
  getToken,
  getProjectId,
  getLanguage: () => i18n.language,
  t: i18n.t.bind(i18n),
  present: presentError,
};

/** The console's one HTTP client. */
export const http: HttpClient = createHttpClient(APP_CLIENT_DEPS);
