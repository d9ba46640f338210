/**
 * Numbers and charts in the interface language (issue 16: one language per screen). The
 * functions take the language (i18next's: 'zh-CN' or 'en'); pages pass `i18n.language`.
 */

/** The Intl locale of an interface language. */
export function intlLocale(language: string): 'zh-CN' | 'en-US' {
  return language === 'en' ? 'en-US' : 'zh-CN';
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A number as the language writes it ('1,234.5'), with at most `digits` decimals. */
export function formatNumber(value: number, language: string, digits = 2): string {
  const key = `${intlLocale(language)}/${digits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: digits });
    numberFormats.set(key, format);
  }
  return format.format(value);
}

/** ECharts's built-in locale of an interface language (its axis, tooltip and toolbox texts). */
export function echartsLocale(language: string): 'ZH' | 'EN' {
  return language === 'en' ? 'EN' : 'ZH';
}
