import { theme as antdTheme, type ThemeConfig } from 'antd';
import type { Size } from '../lib/settings';

export type ComponentSize = 'large' | 'middle' | 'small';

/**
 * The spec's four sizes on antd's three component sizes; Mini is Small with the compact
 * algorithm (denser spacing).
 */
export function antdSizing(size: Size): { componentSize: ComponentSize; compact: boolean } {
  switch (size) {
    case 'default':
      return { componentSize: 'large', compact: false };
    case 'medium':
      return { componentSize: 'middle', compact: false };
    case 'small':
      return { componentSize: 'small', compact: false };
    case 'mini':
      return { componentSize: 'small', compact: true };
  }
}

/**
 * antd theme from the settings: the theme colour as primary, the compact algorithm for Mini;
 * and no motion (antd's opening, closing and sliding animations) for a viewer whose system
 * asks for less motion (prefers-reduced-motion).
 */
export function themeConfig(colorPrimary: string, compact: boolean, still = false): ThemeConfig {
  return {
    token: still ? { colorPrimary, motion: false } : { colorPrimary },
    algorithm: compact ? [antdTheme.defaultAlgorithm, antdTheme.compactAlgorithm] : antdTheme.defaultAlgorithm,
  };
}
