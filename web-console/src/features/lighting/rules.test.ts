import { describe, expect, it } from 'vitest';
import {
  anyRunning,
  firmwareProblem,
  firmwareSize,
  isBrightness,
  isConcurrency,
  isFailureThreshold,
  isFirmwareVersion,
  mayCancel,
  mayPause,
  mayResume,
  pickedFirmware,
  shortSha,
  successPercent,
  upgradeProgressStatus,
  isCombinedAlone,
  isEnergyPrice,
  isGatewayName,
  isGatewayNumber,
  isHeartbeatInterval,
  isOneBrand,
  isTelemetryInterval,
  isHourBands,
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

  it('parameters: heartbeat 10 to 30 s, telemetry 10 to 3600 s, whole numbers', () => {
    expect(isHeartbeatInterval(10)).toBe(true);
    expect(isHeartbeatInterval(30)).toBe(true);
    expect(isHeartbeatInterval(9)).toBe(false);
    expect(isHeartbeatInterval(31)).toBe(false);
    expect(isHeartbeatInterval(12.5)).toBe(false);
    expect(isHeartbeatInterval('20')).toBe(false);
    expect(isTelemetryInterval(10)).toBe(true);
    expect(isTelemetryInterval(3600)).toBe(true);
    expect(isTelemetryInterval(3601)).toBe(false);
    expect(isTelemetryInterval(null)).toBe(false);
  });

  it('parameters are set for one brand at a time', () => {
    expect(isOneBrand([{ brand: '朗明' }, { brand: '朗明' }])).toBe(true);
    expect(isOneBrand([{ brand: '朗明' }])).toBe(true);
    expect(isOneBrand([{ brand: '朗明' }, { brand: '星辉' }])).toBe(false);
    // no brand is its own kind, refused by the server
    expect(isOneBrand([{ brand: '' }, { brand: null }])).toBe(true);
    expect(isOneBrand([{ brand: '朗明' }, { brand: '' }])).toBe(false);
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

describe('energy setting rules', () => {
  it('prices: 0 to 100 yuan per kWh, at most 4 decimals', () => {
    for (const price of [0, 0.35, 1.2345, 100]) expect(isEnergyPrice(price), String(price)).toBe(true);
    for (const price of [-0.01, 100.0001, 0.12345, Number.NaN, '1.2', null, undefined]) expect(isEnergyPrice(price), String(price)).toBe(false);
  });

  it("hour bands: exactly 24 of 'P', 'F' and 'V'", () => {
    expect(isHourBands('VVVVVVVVFFFPPPFFFFFPPPFF')).toBe(true);
    expect(isHourBands('F'.repeat(24))).toBe(true);
    expect(isHourBands('F'.repeat(23))).toBe(false);
    expect(isHourBands('F'.repeat(25))).toBe(false);
    expect(isHourBands(`${'F'.repeat(23)}p`)).toBe(false);
    expect(isHourBands(`${'F'.repeat(23)}?`)).toBe(false);
    expect(isHourBands(undefined)).toBe(false);
  });
});

describe('firmware rules', () => {
  it('versions: 1 to 32 of letters, digits, dot, underscore, plus, minus', () => {
    expect(isFirmwareVersion('1.5.0')).toBe(true);
    expect(isFirmwareVersion('v2.0.0-rc.1+b7_x')).toBe(true);
    expect(isFirmwareVersion('x'.repeat(32))).toBe(true);
    expect(isFirmwareVersion('x'.repeat(33))).toBe(false);
    expect(isFirmwareVersion('')).toBe(false);
    expect(isFirmwareVersion('1.5 beta')).toBe(false);
    expect(isFirmwareVersion('版本1')).toBe(false);
    expect(isFirmwareVersion(150)).toBe(false);
  });

  it('files: a .bin (any case), not empty, at most 500 KB', () => {
    expect(firmwareProblem({ name: 'gw.bin', size: 1 })).toBeUndefined();
    expect(firmwareProblem({ name: 'GW.BIN', size: 500 * 1024 })).toBeUndefined();
    expect(firmwareProblem({ name: 'gw.bin', size: 500 * 1024 + 1 })).toBe('size');
    expect(firmwareProblem({ name: 'gw.bin', size: 0 })).toBe('empty');
    expect(firmwareProblem({ name: 'gw.hex', size: 10 })).toBe('type');
    expect(firmwareProblem({ name: 'gw.bin.zip', size: 10 })).toBe('type');
    expect(firmwareProblem({ name: 'bin', size: 10 })).toBe('type');
    // the type first: an empty text file is the wrong type
    expect(firmwareProblem({ name: 'gw.txt', size: 0 })).toBe('type');
  });

  it('the picked file is the last of the list', () => {
    const file = new File(['x'], 'gw.bin');
    expect(pickedFirmware([{ originFileObj: new File([''], 'old.bin') }, { originFileObj: file }])).toBe(file);
    expect(pickedFirmware([])).toBeUndefined();
    expect(pickedFirmware(undefined)).toBeUndefined();
  });

  it('sizes in KB with one decimal, checksums to 12 digits', () => {
    expect(firmwareSize(186_778)).toBe('182.4 KB');
    expect(firmwareSize(512_000)).toBe('500.0 KB');
    expect(firmwareSize(0)).toBe('0.0 KB');
    expect(shortSha('9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08')).toBe('9f86d081884c');
    expect(shortSha(null)).toBe('');
  });
});

describe('upgrade rules', () => {
  it('concurrency 1 to 200 and failure threshold 1 to 100, whole numbers', () => {
    expect(isConcurrency(1)).toBe(true);
    expect(isConcurrency(200)).toBe(true);
    expect(isConcurrency(0)).toBe(false);
    expect(isConcurrency(201)).toBe(false);
    expect(isConcurrency(1.5)).toBe(false);
    expect(isConcurrency(null)).toBe(false);
    expect(isFailureThreshold(1)).toBe(true);
    expect(isFailureThreshold(100)).toBe(true);
    expect(isFailureThreshold(0)).toBe(false);
    expect(isFailureThreshold(101)).toBe(false);
  });

  it('pause a running campaign; resume a paused or stopped one; cancel any not over', () => {
    const states = ['running', 'paused', 'stopped', 'cancelled', 'finished'];
    expect(states.filter(mayPause)).toEqual(['running']);
    expect(states.filter(mayResume)).toEqual(['paused', 'stopped']);
    expect(states.filter(mayCancel)).toEqual(['running', 'paused', 'stopped']);
    expect(anyRunning([{ state: 'paused' }, { state: 'running' }])).toBe(true);
    expect(anyRunning([{ state: 'paused' }, { state: 'finished' }])).toBe(false);
    expect(anyRunning(undefined)).toBe(false);
  });

  it('progress bars: moving while upgrading, green on success, red on failure; the green part of a campaign', () => {
    expect(['0', '1', '2', '3', ''].map(upgradeProgressStatus)).toEqual(['normal', 'active', 'success', 'exception', 'normal']);
    expect(successPercent({ success: 3, total: 10 })).toBeCloseTo(30);
    expect(successPercent({ success: 0, total: 0 })).toBe(0);
    expect(successPercent({ success: 5, total: 4 })).toBe(100);
  });
});
