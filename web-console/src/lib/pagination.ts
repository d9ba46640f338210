/** Pagination defaults (spec section 9). */
export const DEFAULT_PAGE = 1;
export const DEFAULT_LIMIT = 20;
export const PAGE_SIZES = [10, 20, 30, 50] as const;
export const SCROLL_TOP_MS = 800;

export function lastPage(total: number, limit: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, limit)));
}

/**
 * The page a jump asks for (spec section 5): 0 or empty becomes 1, beyond the last page
 * resets to 1.
 */
export function jumpTarget(input: string | number | null | undefined, total: number, limit: number): number {
  const text = input === null || input === undefined ? '' : String(input).trim();
  const page = /^\d+$/.test(text) ? Number(text) : 0;
  if (page <= 0) return 1;
  if (page > lastPage(total, limit)) return 1;
  return page;
}

/** After a page size change, a page that no longer reaches the data resets to 1. */
export function pageAfterSizeChange(page: number, newLimit: number, total: number): number {
  return page * newLimit > total ? 1 : page;
}

function easeInOutQuad(t: number, b: number, c: number, d: number): number {
  let time = t / (d / 2);
  if (time < 1) return (c / 2) * time * time + b;
  time -= 1;
  return (-c / 2) * (time * (time - 2) - 1) + b;
}

/** Scrolls the page (and the layout's scroll container) to `to` over `duration` ms. */
export function scrollTo(to: number, duration: number = SCROLL_TOP_MS, element?: HTMLElement): void {
  const target = element ?? (document.scrollingElement as HTMLElement | null) ?? document.documentElement;
  const start = target.scrollTop;
  const change = to - start;
  if (change === 0) return;
  const started = performance.now();
  const step = (now: number) => {
    const elapsed = Math.min(duration, now - started);
    target.scrollTop = easeInOutQuad(elapsed, start, change, duration);
    if (elapsed < duration) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}
