import { fetchEventSource, EventStreamContentType } from '@microsoft/fetch-event-source';
import { parseLiveMessage, type LiveEvent } from './events';

export type LiveState = 'connecting' | 'open' | 'retrying' | 'closed';

export interface Backoff {
  /** First delay after a failure. */
  initialMs: number;
  /** Longest delay. */
  maxMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { initialMs: 1_000, maxMs: 30_000 };

/**
 * Delay before reconnect attempt `attempt` (0 for the first): doubling from the initial
 * delay up to the maximum, less up to a fifth at random so a restarted server is not met
 * by every console at once.
 */
export function retryDelay(attempt: number, backoff: Backoff = DEFAULT_BACKOFF, random: () => number = Math.random): number {
  const full = Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.max(0, attempt));
  return Math.round(full * (1 - 0.2 * random()));
}

export interface LiveConnectionOptions {
  url: string;
  /** Authorization, ProjectId and language: fixed for the connection's life. */
  headers: Record<string, string>;
  onEvent: (event: LiveEvent) => void;
  onState?: (state: LiveState) => void;
  backoff?: Backoff;
  random?: () => number;
  /** The fetch to use (the global one by default, looked up at each connection). */
  fetch?: typeof fetch;
}

export interface LiveConnection {
  close: () => void;
}

/** The server refused us for good (signed out, no access): no point in retrying. */
class Refused extends Error {}
/** The connection failed or ended: retry after a while. */
class Dropped extends Error {}

/**
 * One live stream: `GET {url}` as text/event-stream with the session's headers (fetch, since
 * EventSource cannot send headers), reconnecting with backoff when it fails or the server
 * ends it, until closed or refused (401, 403).
 */
export function openLiveConnection(options: LiveConnectionOptions): LiveConnection {
  const controller = new AbortController();
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  let attempt = 0;
  let closed = false;
  const setState = (state: LiveState) => {
    if (!closed) options.onState?.(state);
  };
  const finish = () => {
    if (closed) return;
    closed = true;
    options.onState?.('closed');
  };

  setState('connecting');
  fetchEventSource(options.url, {
    signal: controller.signal,
    headers: options.headers,
    openWhenHidden: true,
    fetch: (input, init) => (options.fetch ?? fetch)(input, init),
    onopen: async (response) => {
      const type = response.headers.get('content-type') ?? '';
      if (response.ok && type.startsWith(EventStreamContentType)) {
        attempt = 0;
        setState('open');
        return;
      }
      if (response.status === 401 || response.status === 403) throw new Refused(`refused: ${response.status}`);
      // an envelope in a 200 may carry the refusal too
      if (response.ok && type.includes('application/json')) {
        const body = (await response.json().catch(() => undefined)) as { code?: number } | undefined;
        if (body?.code === 401 || body?.code === 403) throw new Refused(`refused: ${body.code}`);
      }
      throw new Dropped(`live stream answered ${response.status} ${type}`);
    },
    onmessage: (message) => {
      const event = parseLiveMessage(message.event, message.data);
      if (event) options.onEvent(event);
    },
    onclose: () => {
      throw new Dropped('live stream ended');
    },
    onerror: (error: unknown) => {
      if (error instanceof Refused) throw error;
      const delay = retryDelay(attempt, backoff, options.random);
      attempt += 1;
      setState('retrying');
      return delay;
    },
  }).then(finish, finish);

  return {
    close: () => {
      controller.abort();
      finish();
    },
  };
}
