/** Where the console is served (Vite's base, without its trailing slash; `/` at the root). */
export const CONSOLE_BASENAME = import.meta.env.BASE_URL.replace(/\/$/, '') || '/';

/** Home route, also the fallback when the server supplies no route. */
export const HOME_PATH = '/index';

/** External links start with http, https, mailto or tel and open in a new tab. */
export function isExternal(path: string | null | undefined): boolean {
  return typeof path === 'string' && /^(https?:|mailto:|tel:)/.test(path);
}
