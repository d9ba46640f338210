import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { BRIGHTNESS_MAX, BRIGHTNESS_MIN } from '../../lib/brightness';
import { CODE_PATTERN } from '../../lib/validators';

/** The server's rules for a gateway (contract: POST /lighting/gateway). */
export const GATEWAY_NAME_MAX = 50;
export const GATEWAY_NUMBER_MAX = 32;
export const LOOP_COUNT_MIN = 1;
export const LOOP_COUNT_MAX = 64;
export const LOOP_NAME_MAX = 30;
export const REMARK_MAX = 200;
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
    remark: [{ max: REMARK_MAX, message: t('lighting.gateway.rules.remark', { max: REMARK_MAX }) }],
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
