import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { CODE_PATTERN } from '../../lib/validators';

/**
 * The server's rules for equipment categories and types (docs/api-compatibility.md,
 * "Equipment categories and types"): names 1 to 30 characters, codes 1 to 32 letters, digits,
 * underscores or hyphens (spec section 5), the type value 0 to 255 (lower is a higher
 * priority), the status check 10 to 86,400 seconds (spec section 9), the minimum burn 0 to
 * 240 minutes, remarks at most 200 characters.
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

/** A category's or type's code: 1 to 32 letters, digits, underscores or hyphens. */
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
