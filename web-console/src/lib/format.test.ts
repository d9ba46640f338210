import { describe, expect, it } from 'vitest';
import { echartsLocale, formatNumber, intlLocale } from './format';

describe('formats in the interface language', () => {
  it('write numbers with Intl in the language, at most the digits asked', () => {
    expect(intlLocale('zh-CN')).toBe('zh-CN');
    expect(intlLocale('en')).toBe('en-US');
    expect(formatNumber(1234.567, 'zh-CN', 1)).toBe(new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 1 }).format(1234.567));
    expect(formatNumber(1234.567, 'en', 2)).toBe('1,234.57');
    expect(formatNumber(220, 'en', 1)).toBe('220');
    expect(formatNumber(-0.5, 'zh-CN', 1)).toBe('-0.5');
  });

  it("choose ECharts's locale by the language", () => {
    expect(echartsLocale('zh-CN')).toBe('ZH');
    expect(echartsLocale('en')).toBe('EN');
  });
});
