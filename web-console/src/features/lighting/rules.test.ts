import { describe, expect, it } from 'vitest';
import { isGatewayName, isGatewayNumber, isLoopCount, signalBars } from './rules';

describe('gateway rules', () => {
  it('names: 1 to 50 characters, not blank', () => {
    expect(isGatewayName('北区网关')).toBe(true);
    expect(isGatewayName('x'.repeat(50))).toBe(true);
    expect(isGatewayName('x'.repeat(51))).toBe(false);
    expect(isGatewayName('   ')).toBe(false);
    expect(isGatewayName(undefined)).toBe(false);
  });

  it('numbers: 1 to 32 of letters, digits, underscore, hyphen', () => {
    expect(isGatewayNumber('GW-0001_a')).toBe(true);
    expect(isGatewayNumber('x'.repeat(32))).toBe(true);
    expect(isGatewayNumber('x'.repeat(33))).toBe(false);
    expect(isGatewayNumber('')).toBe(false);
    expect(isGatewayNumber('GW 01')).toBe(false);
    expect(isGatewayNumber('网关01')).toBe(false);
  });

  it('loop counts: whole numbers 1 to 64', () => {
    expect(isLoopCount(1)).toBe(true);
    expect(isLoopCount(64)).toBe(true);
    expect(isLoopCount(0)).toBe(false);
    expect(isLoopCount(65)).toBe(false);
    expect(isLoopCount(2.5)).toBe(false);
    expect(isLoopCount('8')).toBe(false);
  });

  it('signal bars from dBm', () => {
    expect(signalBars(-60)).toBe(4);
    expect(signalBars(-80)).toBe(3);
    expect(signalBars(-95)).toBe(2);
    expect(signalBars(-105)).toBe(1);
    expect(signalBars(-120)).toBe(0);
    expect(signalBars(null)).toBeUndefined();
  });
});
