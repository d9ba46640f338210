import { describe, expect, it } from 'vitest';
import { titleSource } from './title';

describe('titleSource', () => {
  it('reads the Chinese name for Chinese browsers', () => {
    expect(titleSource('zh-CN')).toEqual({ key: 'sys.browser.nameZh', fallback: '智慧景观照明云平台' });
    expect(titleSource('zh')).toEqual({ key: 'sys.browser.nameZh', fallback: '智慧景观照明云平台' });
  });

  it('reads the English name otherwise', () => {
    expect(titleSource('en-US')).toEqual({
      key: 'sys.browser.nameEn',
      fallback: 'Smart Landscape Lighting Cloud Platform',
    });
    expect(titleSource('fr')).toMatchObject({ key: 'sys.browser.nameEn' });
    expect(titleSource(undefined)).toMatchObject({ key: 'sys.browser.nameEn' });
  });
});
