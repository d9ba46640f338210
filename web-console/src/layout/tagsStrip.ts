import type { TagView } from './tagsViewSlice';

/** Context menu width and tab scroll padding, in pixels (spec section 9). */
export const CONTEXT_MENU_WIDTH = 105;
export const TAB_SCROLL_PADDING = 4;

/** Where closing the active tab goes: the last remaining tab, or '/' (spec section 2). */
export function lastViewPath(remaining: readonly TagView[]): string {
  return remaining.at(-1)?.fullPath ?? '/';
}

/** Scrolls the strip so the tab is visible with the spec's padding on either side. */
export function scrollIntoStrip(strip: HTMLElement, tab: HTMLElement, padding = TAB_SCROLL_PADDING): void {
  const left = tab.offsetLeft - strip.offsetLeft;
  const right = left + tab.offsetWidth;
  if (left - padding < strip.scrollLeft) strip.scrollLeft = Math.max(0, left - padding);
  else if (right + padding > strip.scrollLeft + strip.clientWidth) {
    strip.scrollLeft = right + padding - strip.clientWidth;
  }
}
