import { describe, expect, it } from 'vitest';
import en from './en.json';

// Both languages have the same keys, none empty: src/i18n/i18n.test.ts checks every module.
describe('the alarm texts', () => {
  it('keep the spec texts word for word', () => {
    expect([en.alarm.level['1'], en.alarm.level['2'], en.alarm.level['3']]).toEqual(['Serious', 'Main', 'Secondary']);
    expect((['0', '1', '2', '3', '4'] as const).map((status) => en.alarm.status[status])).toEqual(['Not processed', 'Processing', 'Processed', 'Closed', 'Restored']);
    expect(en.alarm.type.rules.recoveryValue).toBe('Recovery value: positive number, 1 to 3 decimals');
    expect(en.alarm.type.rules.recoveryRequired).toBe('Recovery condition required when auto processing is on');
  });
});
