import { describe, expect, it } from 'vitest';
import {
  decimalText,
  hasAssets,
  hasAtMostOneDefault,
  hasDistinctOptions,
  hasOptionValues,
  hasVerifyRange,
  importProblem,
  isAtMost,
  isCode,
  isLimitMonths,
  isMoney,
  isRate,
  mayCancelScrap,
  mayReturn,
  mayTake,
  statusFilterOf,
  valueProblem,
  type ValueRule,
} from './rules';

describe('the asset type attribute rules (spec section 5)', () => {
  it('at most one default sub-option', () => {
    expect(hasAtMostOneDefault([{ isDefault: true }, { isDefault: false }])).toBe(true);
    expect(hasAtMostOneDefault([{ isDefault: false }, {}])).toBe(true);
    expect(hasAtMostOneDefault([])).toBe(true);
    expect(hasAtMostOneDefault(undefined)).toBe(true);
    expect(hasAtMostOneDefault([{ isDefault: true }, { isDefault: true }])).toBe(false);
  });

  it('sub-option values not null (nor blank), 1 to 100 of them, none twice', () => {
    expect(hasOptionValues([{ value: 'LED' }, { value: 'HPS' }])).toBe(true);
    expect(hasOptionValues([{ value: 'LED' }, { value: '  ' }])).toBe(false);
    expect(hasOptionValues([{ value: 'LED' }, {}])).toBe(false);
    expect(hasDistinctOptions([{ value: 'LED' }, { value: 'HPS' }])).toBe(true);
    expect(hasDistinctOptions([{ value: 'LED' }, { value: ' LED ' }])).toBe(false);
    expect(hasDistinctOptions([])).toBe(false);
    expect(hasDistinctOptions(Array.from({ length: 101 }, (_option, index) => ({ value: String(index) })))).toBe(false);
  });

  it('a verify range when verification is on: both ends, the min not above the max', () => {
    expect(hasVerifyRange(false, undefined, undefined)).toBe(true);
    expect(hasVerifyRange(true, 1, 2000)).toBe(true);
    expect(hasVerifyRange(true, -40, -40)).toBe(true);
    expect(hasVerifyRange(true, '1', ' 20 ')).toBe(true);
    expect(hasVerifyRange(true, 1, undefined)).toBe(false);
    expect(hasVerifyRange(true, null, 5)).toBe(false);
    expect(hasVerifyRange(true, 10, 5)).toBe(false);
    expect(hasVerifyRange(true, 'abc', 5)).toBe(false);
  });
});

describe("an asset's values of its type's attributes", () => {
  const power: ValueRule = { valueType: '2', required: true, verify: true, min: 1, max: 2000, multiple: false, options: [] };
  const source: ValueRule = { valueType: '3', required: false, verify: false, min: null, max: null, multiple: false, options: [{ value: 'LED' }, { value: 'HPS' }] };

  it('a number, within its range when verified', () => {
    expect(valueProblem(power, 150)).toBeUndefined();
    expect(valueProblem(power, '1')).toBeUndefined();
    expect(valueProblem(power, 2000)).toBeUndefined();
    expect(valueProblem(power, 2001)).toBe('range');
    expect(valueProblem(power, 0.5)).toBe('range');
    expect(valueProblem(power, 'abc')).toBe('number');
    expect(valueProblem(power, null)).toBe('required');
    expect(valueProblem({ ...power, verify: false }, 99999)).toBeUndefined();
    expect(valueProblem({ ...power, required: false }, undefined)).toBeUndefined();
  });

  it('options of its own, several only when multiple', () => {
    expect(valueProblem(source, 'LED')).toBeUndefined();
    expect(valueProblem(source, undefined)).toBeUndefined();
    expect(valueProblem(source, 'MH')).toBe('option');
    expect(valueProblem(source, ['LED', 'HPS'])).toBe('option');
    expect(valueProblem({ ...source, multiple: true }, ['LED', 'HPS'])).toBeUndefined();
    expect(valueProblem({ ...source, multiple: true, required: true }, [])).toBe('required');
  });

  it('a text of at most 200 characters, required when it says so', () => {
    const text: ValueRule = { valueType: '1', required: true, verify: false, min: null, max: null, multiple: false, options: [] };
    expect(valueProblem(text, '钢')).toBeUndefined();
    expect(valueProblem(text, '   ')).toBe('required');
    expect(valueProblem(text, 'a'.repeat(201))).toBe('length');
  });
});

describe("an asset's own fields", () => {
  it('codes: letters, digits, underscore and hyphen, at most 32', () => {
    for (const code of ['ZC-0001', 'light_source', ' LAMP ', 'a'.repeat(32)]) expect(isCode(code), code).toBe(true);
    for (const code of ['', 'ZC 01', '灯具', 'a'.repeat(33), undefined, 12]) expect(isCode(code), String(code)).toBe(false);
  });

  it('money: 0 to 999,999,999.99 with at most two decimals; a rate to 100; a limit of 1 to 1200 months', () => {
    for (const value of ['0', '1200', '1200.5', '1200.45', '999999999.99', '12.']) expect(isMoney(value), value).toBe(true);
    for (const value of ['', '-1', '1.234', '1000000000', 'abc', '.5']) expect(isMoney(value), value).toBe(false);
    for (const value of ['0', '5', '100', '99.99']) expect(isRate(value), value).toBe(true);
    for (const value of ['100.01', '120', '5.123']) expect(isRate(value), value).toBe(false);
    for (const value of ['1', '60', '1200', 60]) expect(isLimitMonths(value), String(value)).toBe(true);
    for (const value of ['0', '1201', '1.5', '', 'x']) expect(isLimitMonths(value), String(value)).toBe(false);
    expect(decimalText(' 12. ')).toBe('12');
    expect(decimalText('12.50')).toBe('12.50');
    expect(isAtMost('a'.repeat(50), 50)).toBe(true);
    expect(isAtMost('a'.repeat(51), 50)).toBe(false);
  });

  it('the import: xls or xlsx of at most 2 MB', () => {
    expect(importProblem({ name: 'assets.xlsx', size: 1024 })).toBeUndefined();
    expect(importProblem({ name: 'ASSETS.XLS', size: 1024 })).toBeUndefined();
    expect(importProblem({ name: 'assets.csv', size: 1024 })?.kind).toBe('type');
    expect(importProblem({ name: 'assets.xlsx', size: 2 * 1024 * 1024 + 1 })?.kind).toBe('size');
  });
});

describe('the records (spec section 5)', () => {
  it('receive, repair and scrap need at least one asset', () => {
    expect(hasAssets([11])).toBe(true);
    expect(hasAssets([])).toBe(false);
    expect(hasAssets(undefined)).toBe(false);
  });

  it('receive takes idle assets, repair idle or in use, scrap any but scrapped', () => {
    const table = { receive: ['0'], repair: ['0', '1'], scrap: ['0', '1', '2'] } as const;
    for (const [action, takes] of Object.entries(table) as [keyof typeof table, readonly string[]][]) {
      for (const status of ['0', '1', '2', '3']) expect(mayTake(action, status), `${action} ${status}`).toBe(takes.includes(status));
    }
    expect(statusFilterOf('receive')).toBe('0');
    expect(statusFilterOf('repair')).toBeUndefined();
    expect(statusFilterOf('scrap')).toBeUndefined();
  });

  it('a return needs one effective receive or repair record; a scrap can be cancelled while effective', () => {
    expect(mayReturn({ recordType: '1', status: '0' })).toBe(true);
    expect(mayReturn({ recordType: '3', status: '0' })).toBe(true);
    expect(mayReturn({ recordType: '1', status: '1' })).toBe(false);
    expect(mayReturn({ recordType: '2', status: '0' })).toBe(false);
    expect(mayReturn({ recordType: '4', status: '0' })).toBe(false);
    expect(mayCancelScrap({ recordType: '4', status: '0' })).toBe(true);
    expect(mayCancelScrap({ recordType: '4', status: '1' })).toBe(false);
    expect(mayCancelScrap({ recordType: '1', status: '0' })).toBe(false);
  });
});
