import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LIMIT, DEFAULT_PAGE, jumpTarget, lastPage, PAGE_SIZES, pageAfterSizeChange, scrollTo, SCROLL_TOP_MS } from './pagination';

describe('pagination rules', () => {
  it('starts at page 1 with 20 rows, sizes 10/20/30/50, scrolling in 800 ms', () => {
    expect([DEFAULT_PAGE, DEFAULT_LIMIT, SCROLL_TOP_MS]).toEqual([1, 20, 800]);
    expect(PAGE_SIZES).toEqual([10, 20, 30, 50]);
  });

  it('turns 0 or empty into 1 and resets a jump beyond the last page to 1', () => {
    expect(lastPage(95, 20)).toBe(5);
    expect(lastPage(0, 20)).toBe(1);
    expect(jumpTarget('3', 95, 20)).toBe(3);
    expect(jumpTarget('5', 95, 20)).toBe(5);
    expect(jumpTarget('6', 95, 20)).toBe(1);
    expect(jumpTarget('0', 95, 20)).toBe(1);
    expect(jumpTarget('', 95, 20)).toBe(1);
    expect(jumpTarget(undefined, 95, 20)).toBe(1);
    expect(jumpTarget('x', 95, 20)).toBe(1);
  });

  it('goes back to page 1 when a larger page size leaves the page without rows', () => {
    expect(pageAfterSizeChange(3, 50, 95)).toBe(1);
    expect(pageAfterSizeChange(2, 30, 95)).toBe(2);
  });
});

describe('scrollTo', () => {
  afterEach(() => vi.useRealTimers());

  it('reaches the target when the duration is over', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'performance'] });
    const element = document.createElement('div');
    element.scrollTop = 400;
    scrollTo(0, SCROLL_TOP_MS, element);
    vi.advanceTimersByTime(400);
    expect(element.scrollTop).toBeGreaterThan(0);
    expect(element.scrollTop).toBeLessThan(400);
    vi.advanceTimersByTime(500);
    expect(element.scrollTop).toBe(0);
  });
});
