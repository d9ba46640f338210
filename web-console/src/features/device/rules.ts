import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { BRIGHTNESS_MAX, BRIGHTNESS_MIN, isBrightness } from '../../lib/brightness';
import { checkFile, FILE_RULES, type FileProblem, type FileRule } from '../../lib/fileRules';
import { CODE_PATTERN } from '../../lib/validators';
import type { DeviceStatus } from './types';

/**
 * The server's rules for equipment categories and types (docs/api-compatibility.md,
 * "Equipment categories and types"): names 1 to 30 characters, codes 1 to 32 letters, digits,
 * underscores or hyphens (spec section 5), the type value 0 to 255 (lower is a higher
 * priority), the status check 10 to 86,400 seconds (spec section 9), the minimum burn 0 to
 * 240 minutes, remarks at most 200 characters. Devices and groups below.
 */
export const CATEGORY_NAME_MAX = 30;
export const TYPE_NAME_MAX = 30;
export const CODE_MAX = 32;
export const TYPE_VALUE_MIN = 0;
export const TYPE_VALUE_MAX = 255;
export const STATUS_CHECK_MIN = 10;
export const STATUS_CHECK_MAX = 86_400;
export const STATUS_CHECK_DEFAULT = 300;
export const MINIMUM_BURN_MIN = 0;
export const MINIMUM_BURN_MAX = 240;
export const MINIMUM_BURN_DEFAULT = 0;
export const REMARK_MAX = 200;

/** Characters as the server counts them (code points, not UTF-16 units). */
function characters(text: string): number {
  return Array.from(text).length;
}

/** A name of 1 to `max` characters once trimmed. */
export function isName(value: unknown, max: number): boolean {
  const name = typeof value === 'string' ? value.trim() : '';
  const length = characters(name);
  return length >= 1 && length <= max;
}

/** A category's, type's or device's code: 1 to 32 letters, digits, underscores or hyphens. */
export function isCode(value: unknown): boolean {
  return typeof value === 'string' && value.length >= 1 && value.length <= CODE_MAX && CODE_PATTERN.test(value);
}

/** A whole number within [min, max]. */
export function isIntegerIn(value: unknown, min: number, max: number): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

export const isTypeValue = (value: unknown) => isIntegerIn(value, TYPE_VALUE_MIN, TYPE_VALUE_MAX);
export const isStatusCheckSeconds = (value: unknown) => isIntegerIn(value, STATUS_CHECK_MIN, STATUS_CHECK_MAX);
export const isMinimumBurnMinutes = (value: unknown) => isIntegerIn(value, MINIMUM_BURN_MIN, MINIMUM_BURN_MAX);

/** A remark: none, or at most 200 characters once trimmed. */
export function isRemark(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  return typeof value === 'string' && characters(value.trim()) <= REMARK_MAX;
}

const check =
  (ok: (value: unknown) => boolean, message: string): FormRule =>
  () => ({
    validator: (_rule, value: unknown) => (ok(value) ? Promise.resolve() : Promise.reject(new Error(message))),
  });

/** antd rules of the category form, messages in the current language. */
export function categoryRules(t: TFunction) {
  return {
    categoryName: [check((value) => isName(value, CATEGORY_NAME_MAX), t('device.category.rules.name', { max: CATEGORY_NAME_MAX }))],
    categoryCode: [check(isCode, t('device.category.rules.code', { max: CODE_MAX }))],
    remark: [check(isRemark, t('device.rules.remark', { max: REMARK_MAX }))],
  } satisfies Record<string, FormRule[]>;
}

/** antd rules of the type form, messages in the current language. */
export function typeRules(t: TFunction) {
  return {
    categoryId: [{ required: true, message: t('device.type.rules.category') }],
    typeName: [check((value) => isName(value, TYPE_NAME_MAX), t('device.type.rules.name', { max: TYPE_NAME_MAX }))],
    typeCode: [check(isCode, t('device.type.rules.code', { max: CODE_MAX }))],
    typeValue: [check(isTypeValue, t('device.type.rules.typeValue', { min: TYPE_VALUE_MIN, max: TYPE_VALUE_MAX }))],
    statusCheckSeconds: [
      check(isStatusCheckSeconds, t('device.type.rules.statusCheckSeconds', { min: STATUS_CHECK_MIN, max: STATUS_CHECK_MAX })),
    ],
    minimumBurnMinutes: [
      check(isMinimumBurnMinutes, t('device.type.rules.minimumBurnMinutes', { min: MINIMUM_BURN_MIN, max: MINIMUM_BURN_MAX })),
    ],
    remark: [check(isRemark, t('device.rules.remark', { max: REMARK_MAX }))],
  } satisfies Record<string, FormRule[]>;
}

/**
 * The server's rules for devices and groups (docs/api-compatibility.md, "Devices and device
 * groups"): a device's name 1 to 30 characters, its code as a type's, a type, a gateway and a
 * loop within the gateway's loop count, an address of 1 to 100 characters (spec section 5:
 * "device address not empty"), longitude -180 to 180 and latitude -90 to 90, both or neither,
 * status '0' (in service) or '1' (out of service); a group's name 1 to 30 characters and at
 * most 1,000 devices. The import takes an xls or xlsx sheet of at most 2 MB, as the asset import.
 */
export const DEVICE_NAME_MAX = 30;
export const ADDRESS_MAX = 100;
export const LONGITUDE_MAX = 180;
export const LATITUDE_MAX = 90;
export const IN_SERVICE: DeviceStatus = '0';
export const OUT_OF_SERVICE: DeviceStatus = '1';
export const DEVICE_STATUSES: readonly DeviceStatus[] = [IN_SERVICE, OUT_OF_SERVICE];
export const GROUP_NAME_MAX = 30;
export const GROUP_DEVICES_MAX = 1000;
export const IMPORT_MAX_MB = 2;
export const IMPORT_RULE: FileRule = { ...FILE_RULES.userImport, maxBytes: IMPORT_MAX_MB * 1024 * 1024 };

/** Why a sheet cannot be imported (its type, its size), or undefined. */
export function importProblem(file: { name: string; size: number }): FileProblem | undefined {
  return checkFile(file, IMPORT_RULE);
}

/** A device's address: 1 to 100 characters once trimmed. */
export const isAddress = (value: unknown) => isName(value, ADDRESS_MAX);

/** No coordinate: absent, or a cleared number field. */
const isUnset = (value: unknown) => value === undefined || value === null || value === '';

const isNumberWithin = (value: unknown, limit: number) => typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit;

export const isLongitude = (value: unknown) => isNumberWithin(value, LONGITUDE_MAX);
export const isLatitude = (value: unknown) => isNumberWithin(value, LATITUDE_MAX);

/**
 * What is wrong with one coordinate of a location, or undefined: a location is none, or both
 * coordinates within their ranges; 'pair' when only one of the two is given, 'range' when this
 * one is outside its own.
 */
export function coordinateProblem(field: 'longitude' | 'latitude', longitude: unknown, latitude: unknown): 'pair' | 'range' | undefined {
  if (isUnset(longitude) && isUnset(latitude)) return undefined;
  if (isUnset(longitude) || isUnset(latitude)) return 'pair';
  const inRange = field === 'longitude' ? isLongitude(longitude) : isLatitude(latitude);
  return inRange ? undefined : 'range';
}

/** A loop of a gateway: a whole number from 1 to its loop count (any from 1 while the count is unknown). */
export function isLoopIndex(value: unknown, loopCount: number | undefined): boolean {
  return isIntegerIn(value, 1, loopCount ?? Number.MAX_SAFE_INTEGER);
}

export const isDeviceStatus = (value: unknown): value is DeviceStatus => (DEVICE_STATUSES as readonly unknown[]).includes(value);

/** A group's devices: at most 1,000 (none is a group too). */
export function isGroupDevices(value: unknown): boolean {
  return value === undefined || (Array.isArray(value) && value.length <= GROUP_DEVICES_MAX);
}

/**
 * antd rules of the device form, messages in the current language. `loopCountOf` tells the
 * loop count of the gateway chosen (undefined while unknown); the coordinates are checked
 * together, each showing what is wrong with it.
 */
export function deviceRules(t: TFunction, loopCountOf: (gatewayId: unknown) => number | undefined) {
  const coordinate =
    (field: 'longitude' | 'latitude'): FormRule =>
    ({ getFieldValue }) => ({
      validator: (_rule, value: unknown) => {
        const longitude: unknown = field === 'longitude' ? value : getFieldValue('longitude');
        const latitude: unknown = field === 'latitude' ? value : getFieldValue('latitude');
        const problem = coordinateProblem(field, longitude, latitude);
        if (problem === 'pair') return Promise.reject(new Error(t('device.device.rules.locationPair')));
        if (problem === 'range') {
          return Promise.reject(new Error(t(`device.device.rules.${field}`, { max: field === 'longitude' ? LONGITUDE_MAX : LATITUDE_MAX })));
        }
        return Promise.resolve();
      },
    });
  return {
    deviceName: [check((value) => isName(value, DEVICE_NAME_MAX), t('device.device.rules.name', { max: DEVICE_NAME_MAX }))],
    deviceCode: [check(isCode, t('device.device.rules.code', { max: CODE_MAX }))],
    typeId: [{ required: true, message: t('device.device.rules.type') }],
    gatewayId: [{ required: true, message: t('device.device.rules.gateway') }],
    loopIndex: [
      ({ getFieldValue }) => ({
        validator: (_rule, value: unknown) =>
          isLoopIndex(value, loopCountOf(getFieldValue('gatewayId'))) ? Promise.resolve() : Promise.reject(new Error(t('device.device.rules.loop'))),
      }),
    ],
    address: [check(isAddress, t('device.device.rules.address', { max: ADDRESS_MAX }))],
    longitude: [coordinate('longitude')],
    latitude: [coordinate('latitude')],
    status: [check(isDeviceStatus, t('device.device.rules.status'))],
    remark: [check(isRemark, t('device.rules.remark', { max: REMARK_MAX }))],
  } satisfies Record<string, FormRule[]>;
}

/** antd rules of the group form, messages in the current language. */
export function groupRules(t: TFunction) {
  return {
    groupName: [check((value) => isName(value, GROUP_NAME_MAX), t('device.group.rules.name', { max: GROUP_NAME_MAX }))],
    deviceIds: [check(isGroupDevices, t('device.group.rules.devices', { max: GROUP_DEVICES_MAX }))],
    remark: [check(isRemark, t('device.rules.remark', { max: REMARK_MAX }))],
  } satisfies Record<string, FormRule[]>;
}

/**
 * antd rules of the group control form: on or off must be chosen; the brightness, asked for
 * only when switching on, a whole number from 1 to 100 (lib/brightness.ts).
 */
export function controlRules(t: TFunction) {
  return {
    switchState: [{ required: true, message: t('device.group.control.rules.switchState') }],
    brightness: [check(isBrightness, t('device.group.control.rules.brightness', { min: BRIGHTNESS_MIN, max: BRIGHTNESS_MAX }))],
  } satisfies Record<string, FormRule[]>;
}

/**
 * Communication records are kept month by month: the spec allows no query across months ("No
 * cross-month query for communication records"), and the server refuses one with code 400 and
 * the message the console shows too (device.communication.rules.crossMonth). Days are
 * `YYYY-MM-DD`, as the search sends them.
 */
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether two days (`YYYY-MM-DD`) are of the same calendar month of the same year; false for anything else. */
export function isSameMonth(begin: string, end: string): boolean {
  const first = DAY.exec(begin);
  const last = DAY.exec(end);
  return first !== null && last !== null && first[1] === last[1] && first[2] === last[2];
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** `date`'s day in the browser's calendar, `YYYY-MM-DD`. */
const dayOf = (date: Date) => `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;

/** The month so far: its first day and `today` (`YYYY-MM-DD`), the communication search's days at first. */
export function monthSoFar(today: Date): [string, string] {
  const day = dayOf(today);
  return [`${day.slice(0, 8)}01`, day];
}

/** A picked day (antd's dayjs value), as far as the check needs it. */
interface PickedDay {
  format: (template: string) => string;
}

const isPickedDay = (value: unknown): value is PickedDay => typeof value === 'object' && value !== null && typeof (value as PickedDay).format === 'function';

/** A range of days the communication search may send: none (the current month), or two days of one month. */
export function isMonthRange(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (!Array.isArray(value)) return false;
  const [begin, end] = value as unknown[];
  return isPickedDay(begin) && isPickedDay(end) && isSameMonth(begin.format('YYYY-MM-DD'), end.format('YYYY-MM-DD'));
}

/** antd rules of the communication search, messages in the current language (the server's own words). */
export function communicationRules(t: TFunction) {
  return {
    recordTime: [check(isMonthRange, t('device.communication.rules.crossMonth'))],
  } satisfies Record<string, FormRule[]>;
}
