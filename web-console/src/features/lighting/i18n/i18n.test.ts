import { describe, expect, it } from 'vitest';
import alarmEn from '../../alarm/i18n/en.json';
import alarmZh from '../../alarm/i18n/zh-CN.json';
import en from './en.json';
import zhCN from './zh-CN.json';

function dottedKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    dottedKeys(child, prefix ? `${prefix}.${key}` : key),
  );
}

const textAt = (file: unknown, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], file);

describe('the lighting and alarm texts', () => {
  it('have the same dotted keys in Chinese and English, none empty', () => {
    for (const [zh, english] of [
      [zhCN, en],
      [alarmZh, alarmEn],
    ] as const) {
      expect(dottedKeys(english).sort()).toEqual(dottedKeys(zh).sort());
      for (const file of [zh, english]) {
        for (const key of dottedKeys(file)) {
          const text = textAt(file, key);
          expect(typeof text === 'string' && text.trim() !== '', key).toBe(true);
        }
      }
    }
  });

  it('keep the spec texts word for word', () => {
    expect(en.lighting.control.deviceOffline).toBe('Device offline, cannot operate.');
    expect(zhCN.lighting.control.deviceOffline).toBe('设备离线，无法操作。');
    expect([alarmEn.alarm.level['1'], alarmEn.alarm.level['2'], alarmEn.alarm.level['3']]).toEqual(['Serious', 'Main', 'Secondary']);
    expect((['0', '1', '2', '3', '4'] as const).map((status) => alarmEn.alarm.status[status])).toEqual(['Not processed', 'Processing', 'Processed', 'Closed', 'Restored']);
    expect(alarmEn.alarm.type.rules.recoveryValue).toBe('Recovery value: positive number, 1 to 3 decimals');
    expect(alarmEn.alarm.type.rules.recoveryRequired).toBe('Recovery condition required when auto processing is on');
  });
});
