import { describe, expect, it } from 'vitest';
import { FALLBACK_ICON, MENU_ICON_NAMES, menuIcon } from './menuIcons';

describe('menu icons', () => {
  it("draws every icon the seed gives a directory or a screen (services/identity/src/seed.rs), and offers them in the menu screen's picker", () => {
    for (const name of ['system', 'project', 'cluster', 'bulb', 'picture', 'alert', 'tool', 'apartment', 'dashboard']) {
      expect(menuIcon(name), name).not.toBe(FALLBACK_ICON);
      expect(MENU_ICON_NAMES, name).toContain(name);
    }
  });

  it("draws the fallback for no icon, RuoYi's '#' and a name it does not know, which the picker does not offer", () => {
    for (const name of [undefined, null, '', '#', 'no-such-icon', 'toString']) expect(menuIcon(name)).toBe(FALLBACK_ICON);
    expect(MENU_ICON_NAMES).not.toContain('#');
    expect(MENU_ICON_NAMES).not.toContain('toString');
  });
});
