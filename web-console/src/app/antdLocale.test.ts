import { describe, expect, it } from 'vitest';
import { localeOf } from './antdLocale';

describe("antd's locale", () => {
  it('is read from the module as the production bundle and the development server hand it over', async () => {
    const { default: loaded } = await import('antd/locale/zh_CN');
    const locale = localeOf(loaded);
    expect(locale.locale).toBe('zh-cn');
    expect(localeOf({ __esModule: true, default: locale })).toBe(locale);
    expect(localeOf(locale)).toBe(locale);
  });
});
