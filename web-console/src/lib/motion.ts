import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

const reduced = () => window.matchMedia(QUERY).matches;

/**
 * Whether the viewer asked the system for less motion (prefers-reduced-motion), followed
 * live: screens then draw still what they would otherwise animate without end.
 */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, reduced, () => false);
}
