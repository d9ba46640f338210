import { describe, expect, it } from 'vitest';
import en from './en.json';
import zhCN from './zh-CN.json';
import { detectLanguage, nextLanguage, serverLanguage } from './index';

function dottedKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    dottedKeys(child, prefix ? `${prefix}.${key}` : key),
  );
}

describe('translations', () => {
  it('have the same dotted keys in Chinese and English', () => {
    expect(dottedKeys(en).sort()).toEqual(dottedKeys(zhCN).sort());
  });

  it('have no empty texts', () => {
    for (const file of [en, zhCN]) {
      for (const key of dottedKeys(file)) {
        const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], file);
        expect(typeof text === 'string' && text.trim() !== '', key).toBe(true);
      }
    }
  });

  it('keep the spec texts word for word', () => {
    expect(en.errors.forbidden).toBe('no permission for current operation');
    expect(en.errors.notFound).toBe('resource does not exist');
    expect(en.errors.unknown).toBe('unknown system error, please report to the administrator');
    expect(en.errors.network).toBe('backend interface connection abnormal');
    expect(en.errors.timeout).toBe('system interface request timed out');
    expect(en.errors.httpStatus).toBe('system interface {{status}} abnormal');
    expect(zhCN.auth.otherSystemFailed).toBe('认证信息异常');
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
