import { describe, expect, it } from 'vitest';
import { CONTEXT_MENU_WIDTH, lastViewPath, scrollIntoStrip, TAB_SCROLL_PADDING } from './tagsStrip';

describe('tags strip', () => {
  it('goes to the last remaining tab, or / when none is left', () => {
    expect(lastViewPath([{ path: '/index', fullPath: '/index', title: '首页' }, { path: '/a', fullPath: '/a?x=1', title: 'A' }])).toBe('/a?x=1');
    expect(lastViewPath([])).toBe('/');
    expect([CONTEXT_MENU_WIDTH, TAB_SCROLL_PADDING]).toEqual([105, 4]);
  });

  it('scrolls a tab into view with 4 px to spare', () => {
    const strip = { offsetLeft: 0, scrollLeft: 0, clientWidth: 300 } as HTMLElement;
    const tab = (offsetLeft: number, offsetWidth = 80) => ({ offsetLeft, offsetWidth }) as HTMLElement;
    scrollIntoStrip(strip, tab(400));
    expect(strip.scrollLeft).toBe(400 + 80 + 4 - 300);
    scrollIntoStrip(strip, tab(100));
    expect(strip.scrollLeft).toBe(96);
    scrollIntoStrip(strip, tab(150));
    expect(strip.scrollLeft).toBe(96);
  });
});
