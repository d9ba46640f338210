import { describe, expect, it } from 'vitest';
import { fitsDeviceType, isDuration, isLengthBetween, isRecoveryValue, isTriggerValue, recoveryRequired } from './rules';

describe('the recovery value (spec section 5: positive number, 1 to 3 decimals)', () => {
  it('takes positive numbers with one to three decimals, as the server does', () => {
    for (const value of ['0.5', '12.125', '12.5', '205.0', '0.001', '999999999.999', ' 12.50 ']) {
      expect(isRecoveryValue(value), value).toBe(true);
    }
  });

  it('refuses whole numbers, zero, negatives, more than three decimals, and anything else', () => {
    for (const value of [
      '12',
      '12.1234',
      '-1.5',
      '0.000',
      '0.0',
      '1e3',
      'abc',
      '',
      ' ',
      '12.',
      '.5',
      '+1.5',
      '1,5',
      '1.5.1',
      '1 .5',
      'NaN',
      'inf',
      '1234567890.5',
      '１２.５',
      undefined,
    ]) {
      expect(isRecoveryValue(value), String(value)).toBe(false);
    }
  });
});

describe('the other alarm type rules', () => {
  it('trigger values: numbers with at most 3 decimals; negative for temperature and signal only', () => {
    expect(isTriggerValue('-95', 'signal')).toBe(true);
    expect(isTriggerValue('-5.5', 'temperature')).toBe(true);
    expect(isTriggerValue('-5', 'voltage')).toBe(false);
    expect(isTriggerValue('-5')).toBe(false);
    expect(isTriggerValue('0', 'current')).toBe(true);
    expect(isTriggerValue('245.125', 'voltage')).toBe(true);
    expect(isTriggerValue('245.1255', 'voltage')).toBe(false);
    expect(isTriggerValue('1234567890', 'voltage')).toBe(false);
    expect(isTriggerValue('x', 'voltage')).toBe(false);
  });

  it('durations: whole seconds 0 to 86400', () => {
    expect(isDuration(0)).toBe(true);
    expect(isDuration(86_400)).toBe(true);
    expect(isDuration(86_401)).toBe(false);
    expect(isDuration(-1)).toBe(false);
    expect(isDuration(1.5)).toBe(false);
  });

  it('attributes must fit the device type', () => {
    expect(fitsDeviceType('loop', 'voltage')).toBe(true);
    expect(fitsDeviceType('loop', 'active_power')).toBe(true);
    expect(fitsDeviceType('loop', 'signal')).toBe(false);
    expect(fitsDeviceType('gateway', 'temperature')).toBe(true);
    expect(fitsDeviceType(undefined, 'voltage')).toBe(false);
  });

  it('the recovery condition is required with auto processing on, or once partly given', () => {
    expect(recoveryRequired({ autoProcessing: true })).toBe(true);
    expect(recoveryRequired({ autoProcessing: false })).toBe(false);
    expect(recoveryRequired({ autoProcessing: false, recoveryValue: '1.5' })).toBe(true);
    expect(recoveryRequired({ recoveryAttribute: ' ' })).toBe(false);
  });

  it('names and contents: lengths', () => {
    expect(isLengthBetween('a', 1, 50)).toBe(true);
    expect(isLengthBetween('  ', 1, 50)).toBe(false);
    expect(isLengthBetween('x'.repeat(201), 1, 200)).toBe(false);
  });
});
