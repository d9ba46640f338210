import { describe, expect, it } from 'vitest';
import { logoOf, ProjectDetailError } from './api';

describe('logoOf', () => {
  it("shows menuLogo when menuLogoStatus is '1' or empty", () => {
    expect(logoOf({ menuLogo: '/demo/logo.svg', menuLogoStatus: '1' })).toBe('/demo/logo.svg');
    expect(logoOf({ menuLogo: '/demo/logo.svg', menuLogoStatus: '' })).toBe('/demo/logo.svg');
    expect(logoOf({ menuLogo: '/demo/logo.svg', menuLogoStatus: null })).toBe('/demo/logo.svg');
    expect(logoOf({ menuLogo: '/demo/logo.svg', menuLogoStatus: 1 })).toBe('/demo/logo.svg');
  });

  it('falls back to the default logo otherwise', () => {
    expect(logoOf({ menuLogo: '/demo/logo.svg', menuLogoStatus: '0' })).toBeUndefined();
    expect(logoOf({ menuLogo: '', menuLogoStatus: '1' })).toBeUndefined();
    expect(logoOf({})).toBeUndefined();
  });

  it('throws on data it cannot read', () => {
    for (const data of [null, undefined, 'x', [], { menuLogo: 3 }, { menuLogoStatus: {} }]) {
      expect(() => logoOf(data)).toThrow(ProjectDetailError);
    }
  });
});
