import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { checkFile, FILE_RULES, type FileProblem, type FileRule } from '../../lib/fileRules';
import { codeRule, emailRule, phoneRule, strongPasswordRule } from '../../lib/formRules';
import { isIntegerInRange } from '../../lib/validators';

/** The server's limits of an organization node (contract: POST /system/dept). */
export const DEPT_NAME_MAX = 50;
export const DEPT_CODE_MAX = 50;
export const LEADER_MAX = 30;
export const ORDER_MIN = 0;
export const ORDER_MAX = 9999;
export const PHONE_MAX = 11;
export const EMAIL_MAX = 50;

/** The server's limits of a user (contract: POST /system/user). */
export const USER_NAME_MAX = 30;
export const NICK_NAME_MAX = 30;
export const PASSWORD_MAX = 128;
export const QUALIFICATION_CODE_MAX = 50;
export const QUALIFICATION_NAME_MAX = 100;
export const REMARK_MAX = 200;

/** The server's limits of a role (contract: POST /system/role). */
export const ROLE_NAME_MAX = 30;
export const ROLE_KEY_MAX = 100;
export const ROLE_REMARK_MAX = 200;

/**
 * User import (spec section 5): xls or xlsx, at most 2 MB, the server's limit of a whole
 * request body (http.body_limit_bytes), so a larger file is refused here before it is sent.
 */
export const USER_IMPORT_MAX_MB = 2;
export const USER_IMPORT_RULE: FileRule = { ...FILE_RULES.userImport, maxBytes: USER_IMPORT_MAX_MB * 1024 * 1024 };

/** A name of 1 to `max` characters once trimmed. */
export function isName(value: unknown, max: number): boolean {
  if (typeof value !== 'string') return false;
  const length = [...value.trim()].length;
  return length >= 1 && length <= max;
}

/** The display order: a whole number from 0 to 9999. */
export function isOrder(value: unknown): boolean {
  return isIntegerInRange(value, ORDER_MIN, ORDER_MAX);
}

/** An account: 1 to 30 characters without spaces. */
export function isUserName(value: unknown): boolean {
  return typeof value === 'string' && !/\s/.test(value) && isName(value, USER_NAME_MAX);
}

/** A role's key (permission string): 1 to 100 letters, digits, underscores, hyphens or colons, once trimmed. */
export function isRoleKey(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const key = value.trim();
  return key.length >= 1 && key.length <= ROLE_KEY_MAX && /^[A-Za-z0-9_:-]+$/.test(key);
}

/** Why a file cannot be imported as users, or undefined when it can. */
export function userImportProblem(file: { name: string; size: number }): FileProblem | undefined {
  return checkFile(file, USER_IMPORT_RULE);
}

const rule =
  (ok: (value: unknown) => boolean, message: string): FormRule =>
  () => ({
    validator: (_rule, value: unknown) => (ok(value) ? Promise.resolve() : Promise.reject(new Error(message))),
  });

const maxRule = (max: number, message: string): FormRule => ({ max, message });

/** antd rules of the organization form, messages in the current language. */
export function deptRules(t: TFunction) {
  return {
    parentId: [{ required: true, message: t('system.dept.rules.parent') }],
    deptName: [rule((value) => isName(value, DEPT_NAME_MAX), t('system.dept.rules.name', { max: DEPT_NAME_MAX }))],
    deptCode: [codeRule(t), maxRule(DEPT_CODE_MAX, t('system.rules.max', { max: DEPT_CODE_MAX }))],
    orderNum: [rule(isOrder, t('system.dept.rules.order', { min: ORDER_MIN, max: ORDER_MAX }))],
    leader: [maxRule(LEADER_MAX, t('system.rules.max', { max: LEADER_MAX }))],
    phone: [phoneRule(t)],
    email: [emailRule(t), maxRule(EMAIL_MAX, t('system.rules.max', { max: EMAIL_MAX }))],
  } satisfies Record<string, FormRule[]>;
}

/** The password rule of spec section 5: not empty, no spaces, upper, lower, digit, special, at least 8. */
export function passwordRules(t: TFunction): FormRule[] {
  return [{ required: true, message: t('system.user.rules.password') }, strongPasswordRule(t), maxRule(PASSWORD_MAX, t('system.rules.max', { max: PASSWORD_MAX }))];
}

/** antd rules of the user form, messages in the current language. */
export function userRules(t: TFunction) {
  return {
    userName: [rule(isUserName, t('system.user.rules.userName', { max: USER_NAME_MAX }))],
    nickName: [rule((value) => isName(value, NICK_NAME_MAX), t('system.user.rules.nickName', { max: NICK_NAME_MAX }))],
    password: passwordRules(t),
    phonenumber: [phoneRule(t)],
    email: [emailRule(t), maxRule(EMAIL_MAX, t('system.rules.max', { max: EMAIL_MAX }))],
    qualificationCode: [rule((value) => isName(value, QUALIFICATION_CODE_MAX), t('system.user.rules.qualificationCode', { max: QUALIFICATION_CODE_MAX }))],
    qualificationName: [rule((value) => isName(value, QUALIFICATION_NAME_MAX), t('system.user.rules.qualificationName', { max: QUALIFICATION_NAME_MAX }))],
    remark: [maxRule(REMARK_MAX, t('system.rules.max', { max: REMARK_MAX }))],
  } satisfies Record<string, FormRule[]>;
}

/** antd rules of the role form, messages in the current language. */
export function roleRules(t: TFunction) {
  return {
    roleName: [rule((value) => isName(value, ROLE_NAME_MAX), t('system.role.rules.name', { max: ROLE_NAME_MAX }))],
    roleKey: [rule(isRoleKey, t('system.role.rules.key', { max: ROLE_KEY_MAX }))],
    roleSort: [rule(isOrder, t('system.role.rules.order', { min: ORDER_MIN, max: ORDER_MAX }))],
    remark: [maxRule(ROLE_REMARK_MAX, t('system.rules.max', { max: ROLE_REMARK_MAX }))],
  } satisfies Record<string, FormRule[]>;
}
