import { describe, expect, it } from 'vitest';
import {
  isBrightness,
  isCombinedAlone,
  isGatewayName,
  isGatewayNumber,
  isIntegerIn,
  isLoopCount,
  isMemberMinutes,
  isNumberIn,
  isRepeatedLoop,
  isRepeatedMember,
  isShortName,
  signalBars,
} from './rules';

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

describe('scene and task rules', () => {
  it('names: 1 to 30 characters, not blank', () => {
    expect(isShortName('节日场景', 30)).toBe(true);
    expect(isShortName('x'.repeat(30), 30)).toBe(true);
    expect(isShortName('x'.repeat(31), 30)).toBe(false);
    expect(isShortName('  ', 30)).toBe(false);
    expect(isShortName(undefined, 30)).toBe(false);
  });

  it('brightness: a whole number 1 to 100', () => {
    expect(isBrightness(1)).toBe(true);
    expect(isBrightness(100)).toBe(true);
    expect(isBrightness(0)).toBe(false);
    expect(isBrightness(101)).toBe(false);
    expect(isBrightness(50.5)).toBe(false);
    expect(isBrightness(null)).toBe(false);
    expect(isBrightness('80')).toBe(false);
  });

  it('each (gateway, loop) once; a row not chosen yet repeats nothing', () => {
    const loops = [{ gatewayId: 7, loopIndex: 1 }, { gatewayId: 7, loopIndex: 2 }, { gatewayId: 8, loopIndex: 1 }, { gatewayId: 7, loopIndex: 1 }, { gatewayId: 7 }];
    expect(loops.map((_loop, index) => isRepeatedLoop(loops, index))).toEqual([true, false, false, true, false]);
  });

  it('priority 0 to 255 and offsets -180 to 180, whole numbers', () => {
    expect(isIntegerIn(0, 0, 255)).toBe(true);
    expect(isIntegerIn(255, 0, 255)).toBe(true);
    expect(isIntegerIn(256, 0, 255)).toBe(false);
    expect(isIntegerIn(-180, -180, 180)).toBe(true);
    expect(isIntegerIn(-181, -180, 180)).toBe(false);
  });

  it('a site: latitude -90 to 90, longitude -180 to 180', () => {
    expect(isNumberIn(-90, -90, 90)).toBe(true);
    expect(isNumberIn(90.5, -90, 90)).toBe(false);
    expect(isNumberIn(Number.NaN, -180, 180)).toBe(false);
  });
});

describe('combined scene rules', () => {
  it('a member of a sequence lasts a whole number of 5 to 1440 minutes', () => {
    expect(isMemberMinutes(5)).toBe(true);
    expect(isMemberMinutes(1440)).toBe(true);
    expect(isMemberMinutes(4)).toBe(false);
    expect(isMemberMinutes(1441)).toBe(false);
    expect(isMemberMinutes(7.5)).toBe(false);
    expect(isMemberMinutes(null)).toBe(false);
    expect(isMemberMinutes('15')).toBe(false);
  });

  it('a scene chosen in two rows repeats; a row not chosen yet repeats nothing', () => {
    const members = [{ sceneId: 3 }, { sceneId: 4 }, { sceneId: 3 }, {}, { sceneId: null }, undefined];
    expect(members.map((_member, index) => isRepeatedMember(members, index))).toEqual([true, false, true, false, false, false]);
  });

  it("a combined scene is a task's only scene", () => {
    const combined = (sceneId: number) => sceneId > 20;
    expect(isCombinedAlone([], combined)).toBe(true);
    expect(isCombinedAlone([21], combined)).toBe(true);
    expect(isCombinedAlone([3, 4], combined)).toBe(true);
    expect(isCombinedAlone([3, 21], combined)).toBe(false);
    expect(isCombinedAlone([21, 22], combined)).toBe(false);
  });
});
