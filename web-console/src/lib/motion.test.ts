import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePrefersReducedMotion } from './motion';

const QUERY = '(prefers-reduced-motion: reduce)';

/** A matchMedia whose reduced-motion answer the test sets, announcing each change. */
function reducedMotion(initially: boolean): (value: boolean) => void {
  let reduce = initially;
  const listeners = new Set<() => void>();
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
      get matches() {
        return query === QUERY && reduce;
      },
      media: query,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    }) as unknown as MediaQueryList,
  );
  return (value) => {
    reduce = value;
    listeners.forEach((listener) => listener());
  };
}

describe('usePrefersReducedMotion', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('follows the system setting as it changes', () => {
    const set = reducedMotion(false);
    const { result } = renderHook(() => usePrefersReducedMotion());
    expect(result.current).toBe(false);
    act(() => set(true));
    expect(result.current).toBe(true);
    act(() => set(false));
    expect(result.current).toBe(false);
  });

  it('is true from the start when the system asks for less motion', () => {
    reducedMotion(true);
    const { result } = renderHook(() => usePrefersReducedMotion());
    expect(result.current).toBe(true);
  });
});
