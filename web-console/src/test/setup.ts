import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { loadAntdLocale } from '../app/antdLocale';
import { clearConfigValues } from '../app/configValues';
import { setFeedback } from '../app/feedback';
import { changeLanguage } from '../i18n';
import { reloadSettings } from '../lib/settings';

// jsdom lacks matchMedia, which antd's responsive helpers call.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

function clearCookies(): void {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

beforeAll(async () => {
  await Promise.all([loadAntdLocale('en'), loadAntdLocale('zh-CN')]);
});

beforeEach(async () => {
  await changeLanguage('zh-CN');
});

afterEach(() => {
  cleanup();
  clearCookies();
  window.localStorage.clear();
  reloadSettings();
  clearConfigValues();
  setFeedback(undefined);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// antd styles and lazy pages make the first render of a file slow in jsdom on a small, busy
// machine (the first lazy import transforms antd); waits only last this long when failing.
configure({ asyncUtilTimeout: 15000 });
