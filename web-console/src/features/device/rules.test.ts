import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import i18n, { changeLanguage } from '../../i18n';
import {
  categoryRules,
  CODE_MAX,
  communicationRules,
  controlRules,
  coordinateProblem,
  deviceRules,
  groupRules,
  importProblem,
  isAddress,
  isCode,
  isDeviceStatus,
  isGroupDevices,
  isIntegerIn,
  isLatitude,
  isLongitude,
  isLoopIndex,
  isMinimumBurnMinutes,
  isMonthRange,
  isName,
  isRemark,
  isSameMonth,
  isStatusCheckSeconds,
  isTypeValue,
  monthSoFar,
  typeRules,
} from './rules';
import { toChange as deviceChange, toValues as deviceValues } from './device/formValues';
import { toChange as groupChange } from './group/formValues';
import { deviceOf } from './api';
import { floodLamp, wallStrip } from './fixtures';
import './i18n';

/** Runs an antd rule (a function of the form) on a value, with the form's other fields; answers 'ok' or the message. */
async function run(rule: unknown, value: unknown, fields: Record<string, unknown> = {}): Promise<string> {
  const made = typeof rule === 'function' ? (rule as (form: unknown) => { validator: (r: unknown, v: unknown) => Promise<void> })({ getFieldValue: (name: string) => fields[name] }) : undefined;
  if (!made) throw new Error('not a validator rule');
  return made.validator({}, value).then(
    () => 'ok',
    (error: Error) => error.message,
  );
}

describe('equipment category and type rules', () => {
  it('names: 1 to 30 characters once trimmed, counted as characters', () => {
    expect(isName('灯具', 30)).toBe(true);
    expect(isName('x'.repeat(30), 30)).toBe(true);
    expect(isName(`  ${'x'.repeat(30)}  `, 30)).toBe(true);
    expect(isName('x'.repeat(31), 30)).toBe(false);
    expect(isName('😀'.repeat(30), 30)).toBe(true);
    expect(isName('   ', 30)).toBe(false);
    expect(isName('', 30)).toBe(false);
    expect(isName(undefined, 30)).toBe(false);
    expect(isName(12, 30)).toBe(false);
  });

  it('codes: 1 to 32 letters, digits, underscores or hyphens', () => {
    expect(isCode('LAMP_01-a')).toBe(true);
    expect(isCode('x'.repeat(CODE_MAX))).toBe(true);
    expect(isCode('x'.repeat(CODE_MAX + 1))).toBe(false);
    expect(isCode('')).toBe(false);
    expect(isCode('LAMP 01')).toBe(false);
    expect(isCode(' LAMP')).toBe(false);
    expect(isCode('灯具')).toBe(false);
    expect(isCode('lamp.01')).toBe(false);
    expect(isCode('lamp#1')).toBe(false);
    expect(isCode(undefined)).toBe(false);
  });

  it('type values: whole numbers 0 to 255', () => {
    expect(isTypeValue(0)).toBe(true);
    expect(isTypeValue(255)).toBe(true);
    expect(isTypeValue(-1)).toBe(false);
    expect(isTypeValue(256)).toBe(false);
    expect(isTypeValue(1.5)).toBe(false);
    expect(isTypeValue('8')).toBe(false);
    expect(isTypeValue(null)).toBe(false);
    expect(isTypeValue(undefined)).toBe(false);
  });

  it('status checks: whole seconds 10 to 86,400', () => {
    expect(isStatusCheckSeconds(10)).toBe(true);
    expect(isStatusCheckSeconds(300)).toBe(true);
    expect(isStatusCheckSeconds(86_400)).toBe(true);
    expect(isStatusCheckSeconds(9)).toBe(false);
    expect(isStatusCheckSeconds(86_401)).toBe(false);
    expect(isStatusCheckSeconds(30.5)).toBe(false);
    expect(isStatusCheckSeconds(undefined)).toBe(false);
  });

  it('minimum burns: whole minutes 0 to 240', () => {
    expect(isMinimumBurnMinutes(0)).toBe(true);
    expect(isMinimumBurnMinutes(240)).toBe(true);
    expect(isMinimumBurnMinutes(-1)).toBe(false);
    expect(isMinimumBurnMinutes(241)).toBe(false);
    expect(isMinimumBurnMinutes(2.5)).toBe(false);
    expect(isMinimumBurnMinutes(Number.NaN)).toBe(false);
  });

  it('ranges are inclusive and whole', () => {
    expect(isIntegerIn(5, 5, 5)).toBe(true);
    expect(isIntegerIn(Number.POSITIVE_INFINITY, 0, Number.POSITIVE_INFINITY)).toBe(false);
  });

  it('remarks: none, or at most 200 characters once trimmed', () => {
    expect(isRemark(undefined)).toBe(true);
    expect(isRemark(null)).toBe(true);
    expect(isRemark('')).toBe(true);
    expect(isRemark('x'.repeat(200))).toBe(true);
    expect(isRemark(`${'x'.repeat(200)}  `)).toBe(true);
    expect(isRemark('x'.repeat(201))).toBe(false);
    expect(isRemark(3)).toBe(false);
  });

  it('form rules carry their messages in the current language', async () => {
    const category = categoryRules(i18n.t);
    expect(await run(category.categoryCode[0], 'LAMP 1')).toBe('分类编码为 1 到 32 位字母、数字、下划线或连字符');
    expect(await run(category.categoryCode[0], 'LAMP-1')).toBe('ok');
    const type = typeRules(i18n.t);
    expect(await run(type.typeValue[0], 256)).toBe('类型值为 0 到 255 的整数');
    expect(await run(type.statusCheckSeconds[0], 5)).toBe('状态检测时间为 10 到 86400 秒的整数');
    expect(await run(type.minimumBurnMinutes[0], 241)).toBe('最小燃点时间为 0 到 240 分钟的整数');
    expect(await run(type.remark[0], 'x'.repeat(201))).toBe('备注最多 200 个字符');
  });
});

describe('device and group rules', () => {
  it('addresses: 1 to 100 characters once trimmed', () => {
    expect(isAddress('北岸观景台')).toBe(true);
    expect(isAddress('x'.repeat(100))).toBe(true);
    expect(isAddress('x'.repeat(101))).toBe(false);
    expect(isAddress('  ')).toBe(false);
    expect(isAddress(undefined)).toBe(false);
  });

  it('locations: longitude -180 to 180 and latitude -90 to 90, both or neither', () => {
    expect(isLongitude(-180)).toBe(true);
    expect(isLongitude(180)).toBe(true);
    expect(isLongitude(180.0001)).toBe(false);
    expect(isLongitude(Number.NaN)).toBe(false);
    expect(isLatitude(-90)).toBe(true);
    expect(isLatitude(90.5)).toBe(false);
    expect(isLatitude('30')).toBe(false);
    for (const field of ['longitude', 'latitude'] as const) {
      expect(coordinateProblem(field, null, null)).toBeUndefined();
      expect(coordinateProblem(field, undefined, '')).toBeUndefined();
      expect(coordinateProblem(field, 120.21, 30.2)).toBeUndefined();
      expect(coordinateProblem(field, 0, 0)).toBeUndefined();
      expect(coordinateProblem(field, 120.21, null)).toBe('pair');
      expect(coordinateProblem(field, null, 30.2)).toBe('pair');
    }
    expect(coordinateProblem('longitude', 200, 30.2)).toBe('range');
    expect(coordinateProblem('latitude', 200, 30.2)).toBeUndefined();
    expect(coordinateProblem('longitude', 120, null)).toBe('pair');
    expect(coordinateProblem('latitude', 120, null)).toBe('pair');
    expect(coordinateProblem('longitude', 200, 95)).toBe('range');
    expect(coordinateProblem('latitude', 200, 95)).toBe('range');
    expect(coordinateProblem('longitude', 120, 95)).toBeUndefined();
    expect(coordinateProblem('latitude', null, undefined)).toBeUndefined();
  });

  it("loops: a whole number from 1 to the gateway's loop count, any from 1 while it is unknown", () => {
    expect(isLoopIndex(1, 4)).toBe(true);
    expect(isLoopIndex(4, 4)).toBe(true);
    expect(isLoopIndex(5, 4)).toBe(false);
    expect(isLoopIndex(0, 4)).toBe(false);
    expect(isLoopIndex(1.5, 4)).toBe(false);
    expect(isLoopIndex(undefined, 4)).toBe(false);
    expect(isLoopIndex(64, undefined)).toBe(true);
  });

  it("statuses, groups' devices and import files", () => {
    expect(isDeviceStatus('0')).toBe(true);
    expect(isDeviceStatus('1')).toBe(true);
    expect(isDeviceStatus('2')).toBe(false);
    expect(isDeviceStatus(0)).toBe(false);
    expect(isGroupDevices(undefined)).toBe(true);
    expect(isGroupDevices([])).toBe(true);
    expect(isGroupDevices(Array.from({ length: 1000 }, (_, at) => at))).toBe(true);
    expect(isGroupDevices(Array.from({ length: 1001 }, (_, at) => at))).toBe(false);
    expect(importProblem({ name: 'devices.xlsx', size: 1024 })).toBeUndefined();
    expect(importProblem({ name: 'DEVICES.XLS', size: 2 * 1024 * 1024 })).toBeUndefined();
    expect(importProblem({ name: 'devices.csv', size: 10 })?.kind).toBe('type');
    expect(importProblem({ name: 'devices.xlsx', size: 2 * 1024 * 1024 + 1 })?.kind).toBe('size');
  });

  it('form rules carry their messages in the current language', async () => {
    const device = deviceRules(i18n.t, (gatewayId) => (gatewayId === 7 ? 4 : undefined));
    expect(await run(device.deviceName[0], ' ')).toBe('设备名称为 1 到 30 个字符');
    expect(await run(device.deviceCode[0], 'FL 01')).toBe('设备编码为 1 到 32 位字母、数字、下划线或连字符');
    expect(await run(device.deviceCode[0], 'FL-01')).toBe('ok');
    expect(await run(device.loopIndex[0], 5, { gatewayId: 7 })).toBe('请选择该网关的一个回路');
    expect(await run(device.loopIndex[0], 4, { gatewayId: 7 })).toBe('ok');
    expect(await run(device.address[0], '')).toBe('设备地址不能为空，最多 100 个字符');
    expect(await run(device.longitude[0], 120, { latitude: null })).toBe('经度和纬度须同时填写或同时为空');
    expect(await run(device.latitude[0], null, { longitude: 120 })).toBe('经度和纬度须同时填写或同时为空');
    expect(await run(device.longitude[0], -181, { latitude: 30 })).toBe('经度为 -180 到 180 之间的数');
    expect(await run(device.latitude[0], 91, { longitude: 120 })).toBe('纬度为 -90 到 90 之间的数');
    expect(await run(device.longitude[0], null, { latitude: null })).toBe('ok');
    expect(await run(device.remark[0], 'x'.repeat(201))).toBe('备注最多 200 个字符');
    const group = groupRules(i18n.t);
    expect(await run(group.groupName[0], 'x'.repeat(31))).toBe('分组名称为 1 到 30 个字符');
    expect(await run(group.deviceIds[0], Array.from({ length: 1001 }, (_, at) => at))).toBe('一个分组最多 1000 个设备');
    expect(controlRules(i18n.t).switchState[0]).toMatchObject({ required: true, message: '请选择开启或关闭' });
    const control = controlRules(i18n.t);
    for (const bad of [0, 101, 30.5, null, undefined]) expect(await run(control.brightness[0], bad), String(bad)).toBe('亮度须为 1 到 100 的整数');
    for (const good of [1, 30, 100]) expect(await run(control.brightness[0], good)).toBe('ok');
  });

  it('form values go to the server trimmed, a location as two numbers or two nulls', () => {
    expect(deviceChange(deviceValues(floodLamp))).toEqual({
      deviceName: '北岸投光灯1',
      deviceCode: 'FL-001',
      typeId: 21,
      gatewayId: 7,
      loopIndex: 1,
      address: '北岸观景台',
      longitude: 120.2108,
      latitude: 30.2084,
      status: '0',
      remark: '',
    });
    expect(deviceChange({ ...deviceValues(wallStrip), deviceName: ' 灯带 ', address: ' 立面 ', remark: ' 新 ' })).toMatchObject({
      deviceName: '灯带',
      address: '立面',
      longitude: null,
      latitude: null,
      status: '1',
      remark: '新',
    });
    expect(groupChange({ groupName: ' 北岸 ', remark: undefined, deviceIds: undefined })).toEqual({ groupName: '北岸', remark: '', deviceIds: [] });
  });

  it('reads devices as the console keeps them: group names a list, the loop name a text, unknowns null', () => {
    expect(deviceOf(floodLamp)).toEqual(floodLamp);
    const raw = { ...wallStrip, groupNames: '北岸亮化,夜景' as unknown as string[], loopName: undefined, switchState: undefined, longitude: undefined };
    expect(deviceOf(raw)).toMatchObject({ groupNames: ['北岸亮化', '夜景'], loopName: '', switchState: null, longitude: null });
    expect(deviceOf({ ...wallStrip, groupNames: undefined }).groupNames).toEqual([]);
  });
});

describe('communication record rules', () => {
  it('days of one calendar month: the same year and month, both included', () => {
    expect(isSameMonth('2026-05-01', '2026-05-31')).toBe(true);
    expect(isSameMonth('2026-05-10', '2026-05-10')).toBe(true);
    expect(isSameMonth('2026-04-30', '2026-05-01')).toBe(false);
    expect(isSameMonth('2025-05-01', '2026-05-01')).toBe(false);
    expect(isSameMonth('2025-12-31', '2026-01-01')).toBe(false);
    expect(isSameMonth('2026-05', '2026-05-01')).toBe(false);
    expect(isSameMonth('', '')).toBe(false);
  });

  it("the search's days at first: the month so far, from its first day to today", () => {
    expect(monthSoFar(new Date(2026, 4, 10, 10, 0, 0))).toEqual(['2026-05-01', '2026-05-10']);
    expect(monthSoFar(new Date(2026, 0, 1, 0, 0, 0))).toEqual(['2026-01-01', '2026-01-01']);
    expect(monthSoFar(new Date(2026, 11, 31, 23, 59, 59))).toEqual(['2026-12-01', '2026-12-31']);
  });

  it('a picked range: none (the current month), or two days of one month', () => {
    expect(isMonthRange(undefined)).toBe(true);
    expect(isMonthRange(null)).toBe(true);
    expect(isMonthRange([dayjs('2026-05-01'), dayjs('2026-05-31')])).toBe(true);
    expect(isMonthRange([dayjs('2026-04-28'), dayjs('2026-05-02')])).toBe(false);
    expect(isMonthRange([dayjs('2026-05-01')])).toBe(false);
    expect(isMonthRange('2026-05-01')).toBe(false);
  });

  it("refuses a range across months with the server's own words, in either language", async () => {
    const across = [dayjs('2026-04-28'), dayjs('2026-05-02')];
    expect(await run(communicationRules(i18n.t).recordTime[0], across)).toBe('通信记录不支持跨月查询');
    expect(await run(communicationRules(i18n.t).recordTime[0], [dayjs('2026-05-01'), dayjs('2026-05-02')])).toBe('ok');
    await changeLanguage('en');
    expect(await run(communicationRules(i18n.t).recordTime[0], across)).toBe('Communication records cannot be queried across months');
  });
});
