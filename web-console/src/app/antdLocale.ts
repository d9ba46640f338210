import { useEffect, useSyncExternalStore } from 'react';
import type { Locale } from 'antd/es/locale';
import type dayjs from 'dayjs';
import i18n from '../i18n';

/** dayjs itself, once loaded with the first locale: the sign-in page does without it. */
let dayjsLib: typeof dayjs | undefined;

async function loadDayjs(): Promise<void> {
  dayjsLib ??= (await import('dayjs')).default;
}

/**
 * antd's locale texts (empty tables, pagination, date pickers, modals) and dayjs's (month and
 * week-day names, first day of the week) are loaded once a page needs them: the sign-in page
 * shows none of them and does without, nor dayjs. English is dayjs's own.
 */
const loaders: Record<string, () => Promise<{ default: unknown }>> = {
  'zh-CN': async () => {
    const [antd] = await Promise.all([import('antd/locale/zh_CN'), loadDayjs().then(() => import('dayjs/locale/zh-cn'))]);
    return antd;
  },
  en: async () => {
    const [antd] = await Promise.all([import('antd/locale/en_US'), loadDayjs()]);
    return antd;
  },
};

/**
 * The locale in a loaded module's default export. antd's locale files are CommonJS; the
 * production bundle hands over their whole `exports` (`{ __esModule, default: locale }`), the
 * development server and the tests the locale itself.
 */
export function localeOf(loaded: unknown): Locale {
  const inner = (loaded as { default?: unknown } | null)?.default;
  return (inner !== undefined && typeof inner === 'object' && inner !== null ? inner : loaded) as Locale;
}

const loaded = new Map<string, Locale>();
const listeners = new Set<() => void>();
let wanted = false;
let version = 0;

/** dayjs's name of each language's locale. */
const DAYJS_LOCALES: Record<string, string> = { 'zh-CN': 'zh-cn', en: 'en' };

/** dayjs's global locale follows the interface language, once that locale is loaded. */
function dayjsFollows(language: string): void {
  if (language !== i18n.language || !loaded.has(language) || !dayjsLib) return;
  dayjsLib.locale(DAYJS_LOCALES[language] ?? 'en');
}

i18n.on('languageChanged', dayjsFollows);

/** Loads antd's texts for a language; from then on language switches load theirs too. */
export async function loadAntdLocale(language: string): Promise<void> {
  wanted = true;
  if (loaded.has(language)) return;
  const load = loaders[language] ?? loaders['zh-CN'];
  if (!load) return;
  const { default: module } = await load();
  loaded.set(language, localeOf(module));
  dayjsFollows(language);
  version += 1;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Stand-ins until the texts arrive. ConfigProvider must always get a locale: it adds its
 * locale provider only when given one, and adding it later would remount the whole app.
 */
const PLACEHOLDERS: Record<string, Locale> = { 'zh-CN': { locale: 'zh-cn' }, en: { locale: 'en' } };

/** antd's locale for the language: the loaded texts, or a stand-in (antd's English texts). */
export function useAntdLocale(language: string): Locale {
  useSyncExternalStore(subscribe, () => version, () => version);
  const locale = loaded.get(language);
  useEffect(() => {
    if (wanted && !locale) void loadAntdLocale(language);
  }, [language, locale]);
  return locale ?? PLACEHOLDERS[language] ?? { locale: language };
}
