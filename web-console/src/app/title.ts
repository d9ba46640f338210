import { useTranslation } from 'react-i18next';
import { useConfigValue } from './configValues';

/** Defaults from the spec: "smart landscape lighting cloud platform" in each language. */
export const DEFAULT_TITLE_ZH = '智慧景观照明云平台';
export const DEFAULT_TITLE_EN = 'Smart Landscape Lighting Cloud Platform';

/** The page title follows the browser's language (not the console's): Chinese or English. */
export function titleSource(browserLanguage: string | undefined): { key: string; fallback: string } {
  return browserLanguage?.toLowerCase().startsWith('zh')
    ? { key: 'sys.browser.nameZh', fallback: DEFAULT_TITLE_ZH }
    : { key: 'sys.browser.nameEn', fallback: DEFAULT_TITLE_EN };
}

/** The product name of the browser tab's title: by the browser's language (spec section 2). */
export function useAppTitle(): string {
  const { key, fallback } = titleSource(navigator.language);
  const value = useConfigValue(key);
  return value?.trim() || fallback;
}

/**
 * The product name shown inside a screen (sign-in, sidebar, home): by the console's own
 * language, so a screen speaks one language (issue 16).
 */
export function useProductName(): string {
  const { i18n } = useTranslation();
  const { key, fallback } = titleSource(i18n.language);
  const value = useConfigValue(key);
  return value?.trim() || fallback;
}
