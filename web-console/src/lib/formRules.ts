import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import {
  isCode,
  isIntegerInRange,
  isNumberInRange,
  isProfilePasswordLength,
  isStrongPassword,
  isValidEmail,
  isValidPhone,
  PROFILE_PASSWORD_MAX,
  PROFILE_PASSWORD_MIN,
} from './validators';

/** antd Form rules from the predicates of validators.ts (spec section 5). */

const check =
  (ok: (value: string) => boolean, message: string): FormRule =>
  () => ({
    validator: (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') return Promise.resolve();
      const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
      return ok(text) ? Promise.resolve() : Promise.reject(new Error(message));
    },
  });

export const phoneRule = (t: TFunction): FormRule => check(isValidPhone, t('validation.phone'));
export const emailRule = (t: TFunction): FormRule => check(isValidEmail, t('validation.email'));
export const codeRule = (t: TFunction): FormRule => check(isCode, t('validation.code'));
export const strongPasswordRule = (t: TFunction): FormRule => check(isStrongPassword, t('validation.strongPassword'));
export const noSpacesRule = (t: TFunction): FormRule => check((value) => !/\s/.test(value), t('validation.noSpaces'));

export const integerRangeRule = (t: TFunction, min: number, max: number): FormRule =>
  check((value) => isIntegerInRange(value, min, max), t('validation.integerRange', { min, max }));

export const numberRangeRule = (t: TFunction, min: number, max: number): FormRule =>
  check((value) => isNumberInRange(value, min, max), t('validation.numberRange', { min, max }));

export const profilePasswordRule = (t: TFunction): FormRule =>
  check(isProfilePasswordLength, t('validation.passwordLength', { min: PROFILE_PASSWORD_MIN, max: PROFILE_PASSWORD_MAX }));

/** The confirmation must equal the field `field`. */
export const sameAsRule =
  (t: TFunction, field: string): FormRule =>
  ({ getFieldValue }) => ({
    validator: (_rule, value: unknown) =>
      !value || getFieldValue(field) === value ? Promise.resolve() : Promise.reject(new Error(t('validation.passwordMismatch'))),
  });
