import type { AppStore } from './store';

/**
 * Where the Redux store comes from. The app loads it (with Redux Toolkit and RTK Query) only
 * once someone is signed in, so the sign-in page stays small; tests hand over their own.
 */
let source: (() => Promise<AppStore>) | undefined;
let loaded: Promise<AppStore> | undefined;

export function provideStore(store: AppStore | (() => Promise<AppStore>)): void {
  source = typeof store === 'function' ? store : () => Promise.resolve(store);
  loaded = undefined;
}

export function loadStore(): Promise<AppStore> {
  if (!source) return Promise.reject(new Error('no store provided'));
  loaded ??= source();
  return loaded;
}
