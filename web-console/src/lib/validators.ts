/**
 * Validation rules of spec section 5, as plain predicates (unit-tested) and as antd Form
 * rules (see formRules.ts). Messages are i18n keys.
 */

/** Phone, when given: 11 digits, starting 1, second digit 3 to 9. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
/** Letters, digits, underscore, hyphen only. */
export const CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

export function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** An empty phone is fine (the field is optional); a given one must be a mobile number. */
export function isValidPhone(value: string | null | undefined): boolean {
  return isEmpty(value) || PHONE_PATTERN.test(String(value));
}

export function isValidEmail(value: string | null | undefined): boolean {
  return isEmpty(value) || EMAIL_PATTERN.test(String(value).trim());
}

export function isCode(value: string | null | undefined): boolean {
  return isEmpty(value) || CODE_PATTERN.test(String(value));
}

/** Password: not empty and without spaces. */
export function isAcceptablePassword(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.length > 0 && !/\s/.test(value);
}

export type PasswordProblem = 'upper' | 'lower' | 'digit' | 'special' | 'length' | 'spaces';

/** Password strength: upper and lower case, a digit, a special character, at least 8, no spaces. */
export function passwordProblems(value: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if (!/[A-Z]/.test(value)) problems.push('upper');
  if (!/[a-z]/.test(value)) problems.push('lower');
  if (!/\d/.test(value)) problems.push('digit');
  if (!/[^A-Za-z0-9\s]/.test(value)) problems.push('special');
  if (value.length < 8) problems.push('length');
  if (/\s/.test(value)) problems.push('spaces');
  return problems;
}

export function isStrongPassword(value: string): boolean {
  return passwordProblems(value).length === 0;
}

/** Personal center: new password 6 to 20 characters. */
export const PROFILE_PASSWORD_MIN = 6;
export const PROFILE_PASSWORD_MAX = 20;

export function isProfilePasswordLength(value: string): boolean {
  return value.length >= PROFILE_PASSWORD_MIN && value.length <= PROFILE_PASSWORD_MAX;
}

/** The integer ranges the spec names. */
export const INTEGER_RANGES = {
  byte: [0, 255],
  degrees180: [0, 180],
  degrees90: [0, 90],
  minutes: [0, 59],
} as const;

/** A whole number (digits, optional minus) within [min, max]. */
export function isIntegerInRange(value: unknown, min: number, max: number): boolean {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^-?\d+$/.test(text)) return false;
  const number = Number(text);
  return number >= min && number <= max;
}

/** A number (decimals allowed) within [min, max]. */
export function isNumberInRange(value: unknown, min: number, max: number): boolean {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^-?\d+(\.\d+)?$/.test(text)) return false;
  const number = Number(text);
  return number >= min && number <= max;
}

/** -32767 to 32767 and 50 to 1000. */
export const SIGNED_SHORT: readonly [number, number] = [-32767, 32767];
export const FIFTY_TO_THOUSAND: readonly [number, number] = [50, 1000];
