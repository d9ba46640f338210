import { describe, expect, it } from 'vitest';
import en from './en.json';
import zhCN from './zh-CN.json';
import { detectLanguage, nextLanguage, serverLanguage } from './index';

/**
 * Every text file of the console, found here so a new module is checked without a change to
 * this test: the global ones (src/i18n) and each module's (src/features/<module>/i18n).
 */
const files = import.meta.glob<Record<string, unknown>>(['./*.json', '../features/*/i18n/*.json'], { eager: true, import: 'default' });
const registrations = Object.keys(import.meta.glob('../features/*/i18n/index.ts'));

/** Text folders: where their files are, their Chinese and their English texts. */
const folders = [...new Set(Object.keys(files).map((path) => path.slice(0, path.lastIndexOf('/'))))].sort().map((folder) => ({
  folder,
  name: folder === '.' ? 'src/i18n' : `src/${folder.slice('../'.length)}`,
  zh: files[`${folder}/zh-CN.json`],
  en: files[`${folder}/en.json`],
}));

function dottedKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    dottedKeys(child, prefix ? `${prefix}.${key}` : key),
  );
}

const textAt = (file: unknown, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], file);

describe('translations', () => {
  it('are found for the console and for its modules', () => {
    expect(folders.map(({ folder }) => folder)).toEqual(expect.arrayContaining(['.', '../features/lighting/i18n', '../features/alarm/i18n']));
  });

  it.each(folders)('$name: Chinese and English have the same dotted keys', ({ zh, en: english }) => {
    expect(zh).toBeDefined();
    expect(english).toBeDefined();
    expect(dottedKeys(english).sort()).toEqual(dottedKeys(zh).sort());
  });

  it.each(folders)('$name: no text is empty', ({ zh, en: english }) => {
    for (const file of [zh, english]) {
      for (const key of dottedKeys(file)) {
        const text = textAt(file, key);
        expect(typeof text === 'string' && text.trim() !== '', key).toBe(true);
      }
    }
  });

  it("keep each module's texts under the module's name, registered by its i18n/index.ts, apart from the others", () => {
    const global = Object.keys(files['./zh-CN.json'] ?? {});
    for (const { folder, zh } of folders.filter(({ folder }) => folder !== '.')) {
      const module = folder.split('/').at(-2) ?? '';
      expect(Object.keys(zh ?? {}), folder).toEqual([module]);
      expect(global, folder).not.toContain(module);
      expect(registrations, folder).toContain(`${folder}/index.ts`);
    }
  });

  it('keep the spec texts word for word', () => {
    expect(en.errors.forbidden).toBe('no permission for current operation');
    expect(en.errors.notFound).toBe('resource does not exist');
    expect(en.errors.unknown).toBe('unknown system error, please report to the administrator');
    expect(en.errors.network).toBe('backend interface connection abnormal');
    expect(en.errors.timeout).toBe('system interface request timed out');
    expect(en.errors.httpStatus).toBe('system interface {{status}} abnormal');
    expect(zhCN.layout.logoutConfirm).toBe('确定注销并退出系统吗？');
    expect(en.layout.logoutConfirm).toBe('Are you sure to log out and exit the system?');
    expect(en.notAvailable.title).toBe('This module is not available yet');
  });
});

describe('language', () => {
  it('starts from the stored choice, else the browser, else Chinese', () => {
    expect(detectLanguage('en', 'zh-CN')).toBe('en');
    expect(detectLanguage(null, 'en-US')).toBe('en');
    expect(detectLanguage(null, 'zh-TW')).toBe('zh-CN');
    expect(detectLanguage('fr', 'de-DE')).toBe('zh-CN');
    expect(detectLanguage(undefined, undefined)).toBe('zh-CN');
  });

  it('alternates and maps to the server header', () => {
    expect(nextLanguage('zh-CN')).toBe('en');
    expect(nextLanguage('en')).toBe('zh-CN');
    expect(serverLanguage('en')).toBe('en_US');
    expect(serverLanguage('zh-CN')).toBe('zh_CN');
  });
});
