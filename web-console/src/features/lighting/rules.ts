import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { BRIGHTNESS_MAX, BRIGHTNESS_MIN } from '../../lib/brightness';
import { checkFile, FILE_RULES } from '../../lib/fileRules';
import { CODE_PATTERN } from '../../lib/validators';

/** The server's rules for a gateway (contract: POST /lighting/gateway). */
export const GATEWAY_NAME_MAX = 50;
export const GATEWAY_NUMBER_MAX = 32;
export const LOOP_COUNT_MIN = 1;
export const LOOP_COUNT_MAX = 64;
export const LOOP_NAME_MAX = 30;
export const REMARK_MAX = 200;
/** A gateway's type and brand: optional, at most 50 characters each. */
export const GATEWAY_TYPE_MAX = 50;
export const BRAND_MAX = 50;
export const COMMUNICATION_TYPES = ['1', '2', '3', '4'] as const;

export function isGatewayName(value: string | undefined): boolean {
  const name = (value ?? '').trim();
  return name.length >= 1 && name.length <= GATEWAY_NAME_MAX;
}

/** The serial: 1 to 32 letters, digits, underscores or hyphens. */
export function isGatewayNumber(value: string | undefined): boolean {
  const number = value ?? '';
  return number.length >= 1 && number.length <= GATEWAY_NUMBER_MAX && CODE_PATTERN.test(number);
}

export function isLoopCount(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= LOOP_COUNT_MIN && value <= LOOP_COUNT_MAX;
}

const rule =
  (ok: (value: unknown) => boolean, message: string): FormRule =>
  () => ({
    validator: (_rule, value: unknown) => (ok(value) ? Promise.resolve() : Promise.reject(new Error(message))),
  });

/** antd rules of the gateway form, messages in the current language. */
export function gatewayRules(t: TFunction) {
  return {
    gatewayName: [
      rule((value) => isGatewayName(typeof value === 'string' ? value : ''), t('lighting.gateway.rules.name', { max: GATEWAY_NAME_MAX })),
    ],
    gatewayNumber: [
      rule(
        (value) => isGatewayNumber(typeof value === 'string' ? value : ''),
        t('lighting.gateway.rules.number', { max: GATEWAY_NUMBER_MAX }),
      ),
    ],
    communicationType: [{ required: true, message: t('lighting.gateway.rules.communicationType') }],
    loopCount: [
      rule(isLoopCount, t('lighting.gateway.rules.loopCount', { min: LOOP_COUNT_MIN, max: LOOP_COUNT_MAX })),
    ],
    loopName: [{ max: LOOP_NAME_MAX, message: t('lighting.gateway.rules.loopName', { max: LOOP_NAME_MAX }) }],
    gatewayType: [{ max: GATEWAY_TYPE_MAX, message: t('lighting.gateway.rules.gatewayType', { max: GATEWAY_TYPE_MAX }) }],
    brand: [{ max: BRAND_MAX, message: t('lighting.gateway.rules.brand', { max: BRAND_MAX }) }],
    remark: [{ max: REMARK_MAX, message: t('lighting.gateway.rules.remark', { max: REMARK_MAX }) }],
  } satisfies Record<string, FormRule[]>;
}

/** The server's rules for a gateway's parameters (contract: POST /lighting/gateway/params): seconds, whole. */
export const HEARTBEAT_INTERVAL_MIN = 10;
export const HEARTBEAT_INTERVAL_MAX = 30;
export const TELEMETRY_INTERVAL_MIN = 10;
export const TELEMETRY_INTERVAL_MAX = 3600;

export const isHeartbeatInterval = (value: unknown) => isIntegerIn(value, HEARTBEAT_INTERVAL_MIN, HEARTBEAT_INTERVAL_MAX);
export const isTelemetryInterval = (value: unknown) => isIntegerIn(value, TELEMETRY_INTERVAL_MIN, TELEMETRY_INTERVAL_MAX);

/** An interval left empty: it stays as the gateway has it. */
const isEmpty = (value: unknown) => value === undefined || value === null;

/** Whether the gateways are all of one brand ('' counts as one): parameters are set for one brand at a time. */
export function isOneBrand(gateways: readonly { brand: string | null }[]): boolean {
  return new Set(gateways.map((gateway) => gateway.brand ?? '')).size <= 1;
}

/** antd rules of the parameters form (either interval may be empty, not both), messages in the current language. */
export function gatewayParamsRules(t: TFunction) {
  // at least one interval: checked on both fields, each depending on the other
  const oneOf = (other: string): FormRule => ({ getFieldValue }) => ({
    validator: (_rule, value: unknown) =>
      isEmpty(value) && isEmpty(getFieldValue(other)) ? Promise.reject(new Error(t('lighting.gateway.params.rules.oneNeeded'))) : Promise.resolve(),
  });
  return {
    heartbeatInterval: [
      oneOf('telemetryInterval'),
      rule(
        (value) => isEmpty(value) || isHeartbeatInterval(value),
        t('lighting.gateway.params.rules.heartbeatInterval', { min: HEARTBEAT_INTERVAL_MIN, max: HEARTBEAT_INTERVAL_MAX }),
      ),
    ],
    telemetryInterval: [
      oneOf('heartbeatInterval'),
      rule(
        (value) => isEmpty(value) || isTelemetryInterval(value),
        t('lighting.gateway.params.rules.telemetryInterval', { min: TELEMETRY_INTERVAL_MIN, max: TELEMETRY_INTERVAL_MAX }),
      ),
    ],
  } satisfies Record<string, FormRule[]>;
}

/** Signal strength in bars (0 to 4) from dBm; undefined without a reading. */
export function signalBars(dbm: number | null | undefined): number | undefined {
  if (dbm === null || dbm === undefined || !Number.isFinite(dbm)) return undefined;
  if (dbm >= -70) return 4;
  if (dbm >= -85) return 3;
  if (dbm >= -100) return 2;
  if (dbm >= -110) return 1;
  return 0;
}

/** The server's rules for a power scene (contract: POST /lighting/scene). */
export const SCENE_NAME_MAX = 30;
export const SCENE_LOOPS_MAX = 512;
export const SCENE_TYPES = ['1', '3'] as const;
/** A scene loop's brightness while on: a whole number 1 to 100, as a switch by hand's (lib/brightness.ts). */
export { BRIGHTNESS_MAX, BRIGHTNESS_MIN, isBrightness } from '../../lib/brightness';

/** The server's rules for a combined scene (contract: POST /lighting/combinedScene). */
export const COMBINED_MEMBERS_MIN = 2;
export const COMBINED_MEMBERS_MAX = 20;
export const MEMBER_MINUTES_MIN = 5;
export const MEMBER_MINUTES_MAX = 1440;
/** "0" synchronous, "1" sequential. */
export const EXECUTION_MODES = ['0', '1'] as const;
/** "0" single, "1" cycle. */
export const REPEAT_MODES = ['0', '1'] as const;
export const SYNCHRONOUS = '0';
export const SEQUENTIAL = '1';
export const SINGLE = '0';

/** The server's rules for a task (contract: POST /lighting/task). */
export const TASK_NAME_MAX = 30;
export const PRIORITY_MIN = 0;
export const PRIORITY_MAX = 255;
export const OFFSET_MIN = -180;
export const OFFSET_MAX = 180;
export const TASK_SCENES_MAX = 16;
export const TASK_GATEWAYS_MAX = 1000;
export const WEEKDAYS = ['1', '2', '3', '4', '5', '6', '7'] as const;

/** The site: latitude -90 to 90, longitude -180 to 180. */
export const LATITUDE_MAX = 90;
export const LONGITUDE_MAX = 180;

/** A name of 1 to `max` characters, not blank. */
export function isShortName(value: unknown, max: number): boolean {
  const name = typeof value === 'string' ? value.trim() : '';
  return name.length >= 1 && name.length <= max;
}

export function isIntegerIn(value: unknown, min: number, max: number): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

export function isNumberIn(value: unknown, min: number, max: number): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;
}

/** A scene loop's (gateway, loop) pair, or undefined while either is not chosen. */
export function loopKey(loop: { gatewayId?: number | null; loopIndex?: number | null } | undefined): string | undefined {
  if (!loop || loop.gatewayId === undefined || loop.gatewayId === null || loop.loopIndex === undefined || loop.loopIndex === null) return undefined;
  return `${loop.gatewayId}:${loop.loopIndex}`;
}

/** Whether the loop at `index` repeats the (gateway, loop) of another row. */
export function isRepeatedLoop(loops: readonly ({ gatewayId?: number | null; loopIndex?: number | null } | undefined)[], index: number): boolean {
  const key = loopKey(loops[index]);
  return key !== undefined && loops.some((loop, at) => at !== index && loopKey(loop) === key);
}

/** A sequence member's minutes: a whole number 5 to 1440. */
export const isMemberMinutes = (value: unknown) => isIntegerIn(value, MEMBER_MINUTES_MIN, MEMBER_MINUTES_MAX);

/** Whether the member at `index` names the scene of another row (refused when synchronous); a row not chosen yet repeats nothing. */
export function isRepeatedMember(members: readonly ({ sceneId?: number | null } | undefined)[], index: number): boolean {
  const sceneId = members[index]?.sceneId;
  return sceneId !== undefined && sceneId !== null && members.some((member, at) => at !== index && member?.sceneId === sceneId);
}

/** Whether a task's scenes keep the server's rule: a combined scene is the task's only scene. */
export function isCombinedAlone(sceneIds: readonly number[], isCombined: (sceneId: number) => boolean): boolean {
  return sceneIds.length <= 1 || !sceneIds.some(isCombined);
}

const check =
  (ok: (value: unknown) => boolean, message: string): FormRule =>
  () => ({
    validator: (_rule, value: unknown) => (ok(value) ? Promise.resolve() : Promise.reject(new Error(message))),
  });

/** A rule of a Form.List (antd takes only validators there). */
const listCheck = (ok: (value: unknown) => boolean, message: string) => ({
  validator: (_rule: unknown, value: unknown) => (ok(value) ? Promise.resolve() : Promise.reject(new Error(message))),
});

/** antd rules of the scene form, messages in the current language. */
export function sceneRules(t: TFunction) {
  return {
    sceneName: [check((value) => isShortName(value, SCENE_NAME_MAX), t('lighting.scene.rules.name', { max: SCENE_NAME_MAX }))],
    sceneType: [{ required: true, message: t('lighting.scene.rules.type') }],
    remark: [{ max: REMARK_MAX, message: t('lighting.gateway.rules.remark', { max: REMARK_MAX }) }],
    loops: [
      listCheck((value) => Array.isArray(value) && value.length >= 1, t('lighting.scene.rules.loops')),
      listCheck((value) => Array.isArray(value) && value.length <= SCENE_LOOPS_MAX, t('lighting.scene.rules.loopsMax', { max: SCENE_LOOPS_MAX })),
    ],
    gateway: [{ required: true, message: t('lighting.scene.rules.gateway') }],
    loopIndex: [{ required: true, message: t('lighting.scene.rules.loopIndex') }],
    repeated: t('lighting.scene.rules.repeated'),
    brightness: t('lighting.scene.rules.brightness', { min: BRIGHTNESS_MIN, max: BRIGHTNESS_MAX }),
  };
}

/** antd rules of the combined scene form, messages in the current language (the server's words). */
export function combinedSceneRules(t: TFunction) {
  return {
    sceneName: [check((value) => isShortName(value, SCENE_NAME_MAX), t('lighting.scene.rules.name', { max: SCENE_NAME_MAX }))],
    executionMode: [{ required: true, message: t('lighting.combinedScene.rules.executionMode') }],
    repeatMode: [{ required: true, message: t('lighting.combinedScene.rules.repeatMode') }],
    remark: [{ max: REMARK_MAX, message: t('lighting.gateway.rules.remark', { max: REMARK_MAX }) }],
    members: [
      listCheck(
        (value) => Array.isArray(value) && value.length >= COMBINED_MEMBERS_MIN && value.length <= COMBINED_MEMBERS_MAX,
        t('lighting.combinedScene.rules.members', { min: COMBINED_MEMBERS_MIN, max: COMBINED_MEMBERS_MAX }),
      ),
    ],
    scene: [{ required: true, message: t('lighting.combinedScene.rules.scene') }],
    minutes: t('lighting.combinedScene.rules.minutes', { min: MEMBER_MINUTES_MIN, max: MEMBER_MINUTES_MAX }),
    repeated: t('lighting.combinedScene.rules.repeated'),
  };
}

/** antd rules of the task form, messages in the current language. */
export function taskRules(t: TFunction) {
  return {
    taskName: [check((value) => isShortName(value, TASK_NAME_MAX), t('lighting.task.rules.name', { max: TASK_NAME_MAX }))],
    priority: [check((value) => isIntegerIn(value, PRIORITY_MIN, PRIORITY_MAX), t('lighting.task.rules.priority', { min: PRIORITY_MIN, max: PRIORITY_MAX }))],
    weekdays: [check((value) => Array.isArray(value) && value.length > 0, t('lighting.task.rules.weekdays'))],
    dayTimeType: [{ required: true, message: t('lighting.task.rules.dayTimeType') }],
    clock: [{ required: true, message: t('lighting.task.rules.clock') }],
    offset: [check((value) => isIntegerIn(value, OFFSET_MIN, OFFSET_MAX), t('lighting.task.rules.offset', { min: OFFSET_MIN, max: OFFSET_MAX }))],
    // spec section 8, word for word
    scenes: [
      check((value) => Array.isArray(value) && value.length > 0, t('lighting.task.rules.scenes')),
      check((value) => Array.isArray(value) && value.length <= TASK_SCENES_MAX, t('lighting.task.rules.scenesMax', { max: TASK_SCENES_MAX })),
    ],
    gateways: [
      check((value) => Array.isArray(value) && value.length > 0, t('lighting.task.rules.gateways')),
      check((value) => Array.isArray(value) && value.length <= TASK_GATEWAYS_MAX, t('lighting.task.rules.gatewaysMax', { max: TASK_GATEWAYS_MAX })),
    ],
    /** A combined scene is the task's only scene (checked with the choices' kinds, which the form knows). */
    combinedAlone: t('lighting.task.rules.combinedAlone'),
    remark: [{ max: REMARK_MAX, message: t('lighting.gateway.rules.remark', { max: REMARK_MAX }) }],
  };
}

/** antd rules of the site form, messages in the current language. */
export function siteRules(t: TFunction) {
  return {
    latitude: [check((value) => isNumberIn(value, -LATITUDE_MAX, LATITUDE_MAX), t('lighting.site.rules.latitude'))],
    longitude: [check((value) => isNumberIn(value, -LONGITUDE_MAX, LONGITUDE_MAX), t('lighting.site.rules.longitude'))],
    timeZone: [{ required: true, message: t('lighting.site.rules.timeZone') }],
  };
}

/** The energy settings (contract: PUT /lighting/energy/setting): prices in yuan per kWh. */
export const ENERGY_PRICE_MAX = 100;
export const ENERGY_PRICE_DECIMALS = 4;
export const BASELINE_NOTE_MAX = 500;
/** The tariff bands of the hours: peak, flat, valley. */
export const HOUR_BANDS = ['P', 'F', 'V'] as const;
export type HourBand = (typeof HOUR_BANDS)[number];
export const HOURS_PER_DAY = 24;

/** A price: 0 to 100 with at most 4 decimals. */
export function isEnergyPrice(value: unknown): boolean {
  if (!isNumberIn(value, 0, ENERGY_PRICE_MAX)) return false;
  const scaled = (value as number) * 10 ** ENERGY_PRICE_DECIMALS;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/** The hours' bands: exactly 24 of 'P', 'F' and 'V', the first 00:00-01:00. */
export function isHourBands(value: unknown): boolean {
  return typeof value === 'string' && new RegExp(`^[${HOUR_BANDS.join('')}]{${HOURS_PER_DAY}}$`).test(value);
}

/** antd rules of the energy settings, messages in the current language. */
export function energySettingRules(t: TFunction) {
  const price = [check(isEnergyPrice, t('lighting.energyStats.rules.price', { max: ENERGY_PRICE_MAX, decimals: ENERGY_PRICE_DECIMALS }))];
  return {
    peakPrice: price,
    flatPrice: price,
    valleyPrice: price,
    hourBands: [check(isHourBands, t('lighting.energyStats.rules.hourBands'))],
    baseline: [{ required: true, message: t('lighting.energyStats.rules.baseline') }],
    baselineNote: [{ max: BASELINE_NOTE_MAX, message: t('lighting.energyStats.rules.baselineNote', { max: BASELINE_NOTE_MAX }) }],
  } satisfies Record<string, FormRule[]>;
}

/** antd rules of the energy search's scope: the gateway, the loop (1 to 64) or the group counted. */
export function energyScopeRules(t: TFunction) {
  return {
    gatewayId: [{ required: true, message: t('lighting.energyStats.rules.gateway') }],
    loopIndex: [check((value) => isIntegerIn(value, LOOP_COUNT_MIN, LOOP_COUNT_MAX), t('lighting.energyStats.rules.loopIndex', { min: LOOP_COUNT_MIN, max: LOOP_COUNT_MAX }))],
    groupId: [{ required: true, message: t('lighting.energyStats.rules.group') }],
  } satisfies Record<string, FormRule[]>;
}

/** The firmware library's rules (contract: POST /lighting/version). */
export const FIRMWARE_VERSION_MAX = 32;
/** A version: 1 to 32 letters, digits, dots, underscores, plus or minus signs ('1.4.2', 'v2.0.0-rc.1+b7'). */
export const FIRMWARE_VERSION_PATTERN = /^[A-Za-z0-9._+-]{1,32}$/;
export const FIRMWARE_NOTES_MAX = 500;
/** Firmware: bin only, at most 500 KB (lib/fileRules.ts, spec section 5). */
export const FIRMWARE_FILE_RULE = FILE_RULES.firmware;
export const FIRMWARE_ACCEPT = FIRMWARE_FILE_RULE.extensions.map((extension) => `.${extension}`).join(',');

export function isFirmwareVersion(value: unknown): boolean {
  return typeof value === 'string' && FIRMWARE_VERSION_PATTERN.test(value);
}

/** Why a firmware file cannot be uploaded: not a .bin, larger than 500 KB, empty; undefined when it can. */
export type FirmwareProblem = 'type' | 'size' | 'empty';

export function firmwareProblem(file: { name: string; size: number }): FirmwareProblem | undefined {
  const problem = checkFile(file, FIRMWARE_FILE_RULE);
  if (problem) return problem.kind;
  return file.size <= 0 ? 'empty' : undefined;
}

/** A firmware's size in KB with one decimal ('182.4 KB'). */
export function firmwareSize(bytes: number): string {
  return Number.isFinite(bytes) ? `${(bytes / 1024).toFixed(1)} KB` : '-';
}

/** The first 12 digits of a checksum, the whole shown beside. */
export const SHA_SHOWN = 12;
export function shortSha(sha256: string | null | undefined): string {
  return (sha256 ?? '').slice(0, SHA_SHOWN);
}

/** A file picked in an antd Upload (the original File of a form's file list). */
interface PickedFile {
  originFileObj?: File;
}

/** The one firmware file of the upload form's list, if any. */
export function pickedFirmware(fileList: unknown): File | undefined {
  if (!Array.isArray(fileList)) return undefined;
  const last = fileList.at(-1) as PickedFile | undefined;
  return last?.originFileObj;
}

/** antd rules of the firmware upload and edit, messages in the current language. */
export function firmwareRules(t: TFunction) {
  const messages: Record<FirmwareProblem, string> = {
    type: t('lighting.firmware.rules.fileType'),
    size: t('lighting.firmware.rules.fileSize', { max: (FIRMWARE_FILE_RULE.maxBytes ?? 0) / 1024 }),
    empty: t('lighting.firmware.rules.fileEmpty'),
  };
  return {
    version: [check(isFirmwareVersion, t('lighting.firmware.rules.version', { max: FIRMWARE_VERSION_MAX }))],
    gatewayType: [check((value) => isShortName(value, GATEWAY_TYPE_MAX), t('lighting.firmware.rules.gatewayType', { max: GATEWAY_TYPE_MAX }))],
    notes: [{ max: FIRMWARE_NOTES_MAX, message: t('lighting.firmware.rules.notes', { max: FIRMWARE_NOTES_MAX }) }],
    file: [
      {
        validator: (_rule: unknown, value: unknown) => {
          const file = pickedFirmware(value);
          if (!file) return Promise.reject(new Error(t('lighting.firmware.rules.file')));
          const problem = firmwareProblem(file);
          return problem ? Promise.reject(new Error(messages[problem])) : Promise.resolve();
        },
      },
    ],
  } satisfies Record<string, FormRule[]>;
}

/** The upgrade campaign's rules (contract: POST /lighting/upgrade). */
export const CONCURRENCY_MIN = 1;
export const CONCURRENCY_MAX = 200;
export const CONCURRENCY_DEFAULT = 10;
export const FAILURE_THRESHOLD_MIN = 1;
export const FAILURE_THRESHOLD_MAX = 100;
export const FAILURE_THRESHOLD_DEFAULT = 20;

export const isConcurrency = (value: unknown) => isIntegerIn(value, CONCURRENCY_MIN, CONCURRENCY_MAX);
export const isFailureThreshold = (value: unknown) => isIntegerIn(value, FAILURE_THRESHOLD_MIN, FAILURE_THRESHOLD_MAX);

/** Dictionary lighting_upgrade_state. */
export const UPGRADE_STATES = ['0', '1', '2', '3'] as const;
export const UPGRADING = '1';
export const UPGRADE_SUCCESS = '2';
export const UPGRADE_FAILED = '3';

/** Dictionary lighting_campaign_state. */
export const CAMPAIGN_STATES = ['running', 'paused', 'stopped', 'cancelled', 'finished'] as const;

/** A running campaign can be paused. */
export const mayPause = (state: string) => state === 'running';
/** A paused campaign, or one stopped by its failure threshold, can be resumed. */
export const mayResume = (state: string) => state === 'paused' || state === 'stopped';
/** A campaign not over yet can be cancelled. */
export const mayCancel = (state: string) => state === 'running' || state === 'paused' || state === 'stopped';

/** Whether any of the campaigns is running (the screen then reads them again every 2 seconds). */
export function anyRunning(campaigns: readonly { state: string }[] | undefined): boolean {
  return (campaigns ?? []).some((campaign) => mayPause(campaign.state));
}

/** antd Progress status of a gateway's upgrade: upgrading active, success, failed exception. */
export function upgradeProgressStatus(upgradeState: string): 'active' | 'success' | 'exception' | 'normal' {
  if (upgradeState === UPGRADING) return 'active';
  if (upgradeState === UPGRADE_SUCCESS) return 'success';
  if (upgradeState === UPGRADE_FAILED) return 'exception';
  return 'normal';
}

/** The share of a campaign's targets upgraded successfully, 0 to 100 (the green part of its bar). */
export function successPercent({ success, total }: { success: number; total: number }): number {
  if (!(total > 0) || !(success > 0)) return 0;
  return Math.min(100, (success / total) * 100);
}

/** antd rules of the campaign form, messages in the current language. */
export function campaignRules(t: TFunction) {
  return {
    firmwareId: [{ required: true, message: t('lighting.upgrade.rules.firmware') }],
    groupId: [{ required: true, message: t('lighting.upgrade.rules.group') }],
    gatewayIds: [check((value) => Array.isArray(value) && value.length > 0, t('lighting.upgrade.rules.gateways'))],
    concurrency: [check(isConcurrency, t('lighting.upgrade.rules.concurrency', { min: CONCURRENCY_MIN, max: CONCURRENCY_MAX }))],
    failureThreshold: [
      check(isFailureThreshold, t('lighting.upgrade.rules.failureThreshold', { min: FAILURE_THRESHOLD_MIN, max: FAILURE_THRESHOLD_MAX })),
    ],
  } satisfies Record<string, FormRule[]>;
}
