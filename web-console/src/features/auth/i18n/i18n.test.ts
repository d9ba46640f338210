import { describe, expect, it } from 'vitest';
import zhCN from './zh-CN.json';

// Both languages have the same keys, none empty: src/i18n/i18n.test.ts checks every module.
describe('the sign-in texts', () => {
  it('keep the spec texts word for word', () => {
    expect(zhCN.auth.otherSystemFailed).toBe('认证信息异常');
  });
});
