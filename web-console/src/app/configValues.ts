import { useEffect, useSyncExternalStore } from 'react';
import { http } from '../api/client';

/**
 * Parameter values (GET /system/config/configKey/{key}, value in `msg`), cached per key.
 * Plain fetches rather than RTK Query: the page title is needed on the sign-in page, which
 * does not load the store.
 */
const values = new Map<string, string>();
const pending = new Map<string, Promise<string>>();
const listeners = new Set<() => void>();
let version = 0;

function emit(): void {
  version += 1;
  for (const listener of listeners) listener();
}

/** A parameter's value; '' when the server has none or the request failed. */
export function fetchConfigValue(key: string): Promise<string> {
  const known = values.get(key);
  if (known !== undefined) return Promise.resolve(known);
  let request = pending.get(key);
  if (!request) {
    request = http
      .request({ url: `/system/config/configKey/${encodeURIComponent(key)}`, silent: true })
      .then(
        (envelope) => (typeof envelope.msg === 'string' ? envelope.msg : ''),
        () => '',
      )
      .then((value) => {
        if (pending.get(key) === request) {
          pending.delete(key);
          values.set(key, value);
          emit();
        }
        return value;
      });
    pending.set(key, request);
  }
  return request;
}

/** Forgets every value (after sign-in and sign-out the server may answer differently). */
export function clearConfigValues(): void {
  values.clear();
  pending.clear();
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A parameter's value, or undefined while it loads. */
export function useConfigValue(key: string): string | undefined {
  useSyncExternalStore(subscribe, () => version, () => version);
  const value = values.get(key);
  useEffect(() => {
    if (value === undefined) void fetchConfigValue(key);
  }, [key, value]);
  return value;
}
