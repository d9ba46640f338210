import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import zhCN from './zh-CN.json';
import en from './en.json';

export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';
/** localStorage key holding the chosen language. */
export const LANGUAGE_STORAGE_KEY = 'lang';

/**
 * Texts of modules that come with their pages (features/<module>/i18n), so the sign-in page
 * does not carry them; each module declares its part here by augmentation.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ModuleTranslations {}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof zhCN & ModuleTranslations };
  }
}

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** A stored choice wins; otherwise English browsers get English and everyone else Chinese. */
export function detectLanguage(stored: string | null | undefined, browserLanguage: string | undefined): Language {
  if (isLanguage(stored)) return stored;
  if (browserLanguage?.toLowerCase().startsWith('en')) return 'en';
  return DEFAULT_LANGUAGE;
}

/** The value of the Content-Language header the server expects. */
export function serverLanguage(language: string): 'zh_CN' | 'en_US' {
  return language === 'en' ? 'en_US' : 'zh_CN';
}

export function nextLanguage(language: string): Language {
  return language === 'en' ? 'zh-CN' : 'en';
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Switches the interface language and remembers the choice. */
export async function changeLanguage(language: Language): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // private mode: the choice lasts for this page only
  }
  document.documentElement.lang = language;
  await i18n.changeLanguage(language);
}

const initialLanguage = detectLanguage(readStoredLanguage(), navigator.language);
document.documentElement.lang = initialLanguage;

void i18n.use(initReactI18next).init({
  resources: {
    'zh-CN': { translation: zhCN },
    en: { translation: en },
  },
  lng: initialLanguage,
  fallbackLng: DEFAULT_LANGUAGE,
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Adds a module's texts in both languages (at the import of its pages; idempotent). */
export function addModuleTexts(texts: { 'zh-CN': object; en: object }): void {
  i18n.addResourceBundle('zh-CN', 'translation', texts['zh-CN'], true, true);
  i18n.addResourceBundle('en', 'translation', texts.en, true, true);
}

export default i18n;
