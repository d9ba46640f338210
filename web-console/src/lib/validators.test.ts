import { describe, expect, it } from 'vitest';
import {
  FIFTY_TO_THOUSAND,
  INTEGER_RANGES,
  isAcceptablePassword,
  isCode,
  isIntegerInRange,
  isNumberInRange,
  isProfilePasswordLength,
  isStrongPassword,
  isValidEmail,
  isValidPhone,
  passwordProblems,
  SIGNED_SHORT,
} from './validators';

describe('phone', () => {
  it('accepts an empty phone and 11-digit mobile numbers with a second digit 3 to 9', () => {
    for (const phone of ['', undefined, null, '13800138000', '19912345678', '15000000000']) {
      expect(isValidPhone(phone)).toBe(true);
    }
  });

  it.each(['12800138000', '10800138000', '1380013800', '138001380001', '23800138000', '1380013800a', '+8613800138000'])(
    'refuses %s',
    (phone) => expect(isValidPhone(phone)).toBe(false),
  );
});

describe('email', () => {
  it('checks the format when given', () => {
    expect(isValidEmail('')).toBe(true);
    expect(isValidEmail('ops@lumiscape.test')).toBe(true);
    expect(isValidEmail('a.b+c@x-y.example.cn')).toBe(true);
    for (const email of ['ops', 'ops@', '@x.cn', 'ops@x', 'o ps@x.cn']) expect(isValidEmail(email)).toBe(false);
  });
});

describe('passwords', () => {
  it('needs a password without spaces', () => {
    expect(isAcceptablePassword('secret')).toBe(true);
    expect(isAcceptablePassword('')).toBe(false);
    expect(isAcceptablePassword('sec ret')).toBe(false);
    expect(isAcceptablePassword(undefined)).toBe(false);
  });

  it('checks strength: upper, lower, digit, special, at least 8, no spaces', () => {
    expect(isStrongPassword('Lumi@2024')).toBe(true);
    expect(passwordProblems('lumi@2024')).toEqual(['upper']);
    expect(passwordProblems('LUMI@2024')).toEqual(['lower']);
    expect(passwordProblems('Lumi@abcd')).toEqual(['digit']);
    expect(passwordProblems('Lumi2024x')).toEqual(['special']);
    expect(passwordProblems('Lu@2024')).toEqual(['length']);
    expect(passwordProblems('Lumi @2024')).toEqual(['spaces']);
  });

  it('keeps the personal center password between 6 and 20', () => {
    expect(isProfilePasswordLength('12345')).toBe(false);
    expect(isProfilePasswordLength('123456')).toBe(true);
    expect(isProfilePasswordLength('x'.repeat(20))).toBe(true);
    expect(isProfilePasswordLength('x'.repeat(21))).toBe(false);
  });
});

describe('letters, digits, underscore, hyphen', () => {
  it('allows only those', () => {
    expect(isCode('gw_01-A')).toBe(true);
    expect(isCode('')).toBe(true);
    for (const value of ['gw 01', 'gw.01', '网关', 'a/b']) expect(isCode(value)).toBe(false);
  });
});

describe('ranges', () => {
  it.each([
    [INTEGER_RANGES.byte, ['0', '255', 128], ['-1', '256', '1.5', 'x', '']],
    [INTEGER_RANGES.degrees180, ['0', '180'], ['181', '-1']],
    [INTEGER_RANGES.degrees90, ['90', 45], ['91']],
    [INTEGER_RANGES.minutes, ['0', '59'], ['60', '5.0']],
  ] as const)('integers in %j', ([min, max], good, bad) => {
    for (const value of good) expect(isIntegerInRange(value, min, max)).toBe(true);
    for (const value of bad) expect(isIntegerInRange(value, min, max)).toBe(false);
  });

  it('numbers from -32767 to 32767 and from 50 to 1000', () => {
    const [low, high] = SIGNED_SHORT;
    expect(isNumberInRange('-32767', low, high)).toBe(true);
    expect(isNumberInRange('32767.0', low, high)).toBe(true);
    expect(isNumberInRange('32768', low, high)).toBe(false);
    expect(isNumberInRange('-32768', low, high)).toBe(false);
    const [min, max] = FIFTY_TO_THOUSAND;
    expect(isNumberInRange('50', min, max)).toBe(true);
    expect(isNumberInRange('999.5', min, max)).toBe(true);
    expect(isNumberInRange('49.9', min, max)).toBe(false);
    expect(isNumberInRange('1000.1', min, max)).toBe(false);
    expect(isNumberInRange('abc', min, max)).toBe(false);
  });
});
