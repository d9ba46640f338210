import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { antdSizing, themeConfig } from './theme';

describe('sizes on antd', () => {
  it('maps Default, Medium, Small, Mini onto antd sizes, Mini compact', () => {
    expect(antdSizing('default')).toEqual({ componentSize: 'large', compact: false });
    expect(antdSizing('medium')).toEqual({ componentSize: 'middle', compact: false });
    expect(antdSizing('small')).toEqual({ componentSize: 'small', compact: false });
    expect(antdSizing('mini')).toEqual({ componentSize: 'small', compact: true });
  });

  it('puts the theme colour in the primary token and adds the compact algorithm', () => {
    expect(themeConfig('#13c2c2', false)).toEqual({ token: { colorPrimary: '#13c2c2' }, algorithm: theme.defaultAlgorithm });
    expect(themeConfig('#13c2c2', true).algorithm).toEqual([theme.defaultAlgorithm, theme.compactAlgorithm]);
  });

  it('switches antd\'s motion off for a viewer who asked for less motion', () => {
    expect(themeConfig('#13c2c2', false, true).token).toEqual({ colorPrimary: '#13c2c2', motion: false });
    expect(themeConfig('#13c2c2', false, false).token).not.toHaveProperty('motion');
  });
});
