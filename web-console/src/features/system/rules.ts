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

/**
 * Backup import (spec section 5): sql only, at most 2 MB, the server's limit of a whole request
 * body (http.body_limit_bytes, docs/backup.md "Limits"), so a larger file is refused here
 * before it is sent.
 */
export const BACKUP_IMPORT_MAX_MB = 2;
export const BACKUP_IMPORT_RULE: FileRule = { ...FILE_RULES.backupImport, maxBytes: BACKUP_IMPORT_MAX_MB * 1024 * 1024 };

/** Why a file cannot be restored as a backup, or undefined when it can be sent. */
export function backupImportProblem(file: { name: string; size: number }): FileProblem | undefined {
  return checkFile(file, BACKUP_IMPORT_RULE);
}

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

/* ------------------------------------------------------------------------------------------
 * Parameters and dictionaries (the server's limits: contract "Parameters and dictionaries").
 * ---------------------------------------------------------------------------------------- */

export const CONFIG_NAME_MAX = 100;
export const CONFIG_VALUE_MAX = 500;
/** A parameter key or a dictionary type. */
export const SETTINGS_KEY_MAX = 100;
/** A dictionary's names, an item's labels, value and style class. */
export const DICT_TEXT_MAX = 100;
/** An item's display order, as the organization's. */
export const DICT_SORT_MIN = ORDER_MIN;
export const DICT_SORT_MAX = ORDER_MAX;

/** RuoYi's display styles of an item's tag (listClass). */
export const LIST_CLASSES = ['default', 'primary', 'success', 'info', 'warning', 'danger'] as const;

const SETTINGS_KEY_PATTERN = /^[A-Za-z0-9._-]+$/;
const CSS_CLASS_PATTERN = /^[A-Za-z0-9 _-]*$/;

/** A parameter key or a dictionary type once trimmed: letters, digits, underscores, hyphens and dots, 1 to 100. */
export function isSettingsKey(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const key = value.trim();
  return key.length >= 1 && key.length <= SETTINGS_KEY_MAX && SETTINGS_KEY_PATTERN.test(key);
}

/** An item's style class once trimmed: empty, or letters, digits, spaces, underscores and hyphens, at most 100. */
export function isCssClass(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value !== 'string') return false;
  const css = value.trim();
  return css.length <= DICT_TEXT_MAX && CSS_CLASS_PATTERN.test(css);
}

/** An optional text of at most `max` characters once trimmed. */
const optionalText = (max: number) => (value: unknown) => value === undefined || value === null || (typeof value === 'string' && [...value.trim()].length <= max);

/** antd rules of the parameter form, messages in the current language. */
export function configRules(t: TFunction) {
  return {
    configName: [rule((value) => isName(value, CONFIG_NAME_MAX), t('system.config.rules.name', { max: CONFIG_NAME_MAX }))],
    configKey: [rule(isSettingsKey, t('system.config.rules.key', { max: SETTINGS_KEY_MAX }))],
    // the value is kept as written (spaces may matter), only bounded
    configValue: [maxRule(CONFIG_VALUE_MAX, t('system.rules.max', { max: CONFIG_VALUE_MAX }))],
    remark: [maxRule(REMARK_MAX, t('system.rules.max', { max: REMARK_MAX }))],
  } satisfies Record<string, FormRule[]>;
}

/** antd rules of the dictionary type form. */
export function dictTypeRules(t: TFunction) {
  return {
    dictName: [rule((value) => isName(value, DICT_TEXT_MAX), t('system.dict.rules.name', { max: DICT_TEXT_MAX }))],
    dictNameEn: [rule(optionalText(DICT_TEXT_MAX), t('system.rules.max', { max: DICT_TEXT_MAX }))],
    dictType: [rule(isSettingsKey, t('system.dict.rules.type', { max: SETTINGS_KEY_MAX }))],
    remark: [maxRule(REMARK_MAX, t('system.rules.max', { max: REMARK_MAX }))],
  } satisfies Record<string, FormRule[]>;
}

/** antd rules of the dictionary item form. */
export function dictDataRules(t: TFunction) {
  return {
    dictLabel: [rule((value) => isName(value, DICT_TEXT_MAX), t('system.dict.rules.label', { max: DICT_TEXT_MAX }))],
    dictLabelEn: [rule(optionalText(DICT_TEXT_MAX), t('system.rules.max', { max: DICT_TEXT_MAX }))],
    dictValue: [rule((value) => isName(value, DICT_TEXT_MAX), t('system.dict.rules.value', { max: DICT_TEXT_MAX }))],
    cssClass: [rule(isCssClass, t('system.dict.rules.cssClass', { max: DICT_TEXT_MAX }))],
    dictSort: [rule(isOrder, t('system.dict.rules.sort', { min: DICT_SORT_MIN, max: DICT_SORT_MAX }))],
    remark: [maxRule(REMARK_MAX, t('system.rules.max', { max: REMARK_MAX }))],
  } satisfies Record<string, FormRule[]>;
}

/* ------------------------------------------------------------------------------------------
 * Menus (the server's rules: services/identity/src/menu/admin.rs, MenuDraft::parse), checked
 * on the trimmed values as the server checks them.
 * ---------------------------------------------------------------------------------------- */

export const MENU_NAME_MAX = 50;
export const MENU_NAME_EN_MAX = 100;
export const MENU_PATH_MAX = 200;
export const MENU_COMPONENT_MAX = 255;
export const MENU_QUERY_MAX = 255;
export const MENU_PERMS_MAX = 100;
export const MENU_ICON_MAX = 100;

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value === undefined || value === null ? '' : undefined);

/** Empty, or at most `max` characters of `pattern`'s once trimmed. */
const optionalPattern = (pattern: RegExp, max: number) => (value: unknown) => {
  const text = trimmed(value);
  return text !== undefined && (text === '' || (text.length <= max && pattern.test(text)));
};

/** An external link: http:// or https://, at most 200 characters, no spaces. */
export function isExternalLink(value: unknown): boolean {
  const text = trimmed(value);
  return text !== undefined && /^https?:\/\//.test(text) && text.length <= MENU_PATH_MAX && !/\s/.test(text);
}

/** A route path: 1 to 200 letters, digits, hyphens, underscores, slashes, colons or dots. */
export function isRoutePath(value: unknown): boolean {
  const text = trimmed(value);
  return text !== undefined && text.length >= 1 && text.length <= MENU_PATH_MAX && /^[A-Za-z0-9_/:.-]+$/.test(text);
}

/** A component path: empty, or letters, digits, underscores, hyphens and slashes, at most 255. */
export const isComponentPath = optionalPattern(/^[A-Za-z0-9_/-]+$/, MENU_COMPONENT_MAX);
/** A permission: empty, or letters, digits, underscores, hyphens, colons and asterisks, at most 100. */
export const isMenuPerms = optionalPattern(/^[A-Za-z0-9_:*-]+$/, MENU_PERMS_MAX);
/** An icon name: empty, or letters, digits, underscores and hyphens, at most 100. */
export const isIconName = optionalPattern(/^[A-Za-z0-9_-]+$/, MENU_ICON_MAX);
/** Route parameters: at most 255 characters without spaces. */
export const isRouteQuery = optionalPattern(/^\S+$/, MENU_QUERY_MAX);

/** antd rules of the menu form; the path's depends on whether the menu is an external link. */
export function menuRules(t: TFunction, external: boolean) {
  return {
    parentId: [{ required: true, message: t('system.menu.rules.parent') }],
    menuName: [rule((value) => isName(value, MENU_NAME_MAX), t('system.menu.rules.name', { max: MENU_NAME_MAX }))],
    menuNameEn: [rule(optionalText(MENU_NAME_EN_MAX), t('system.rules.max', { max: MENU_NAME_EN_MAX }))],
    orderNum: [rule(isOrder, t('system.menu.rules.order', { min: ORDER_MIN, max: ORDER_MAX }))],
    path: external
      ? [rule(isExternalLink, t('system.menu.rules.link', { max: MENU_PATH_MAX }))]
      : [rule(isRoutePath, t('system.menu.rules.path', { max: MENU_PATH_MAX }))],
    component: [rule(isComponentPath, t('system.menu.rules.component', { max: MENU_COMPONENT_MAX }))],
    query: [rule(isRouteQuery, t('system.menu.rules.query', { max: MENU_QUERY_MAX }))],
    perms: [rule(isMenuPerms, t('system.menu.rules.perms', { max: MENU_PERMS_MAX }))],
    icon: [rule(isIconName, t('system.menu.rules.icon', { max: MENU_ICON_MAX }))],
  } satisfies Record<string, FormRule[]>;
}

/* ------------------------------------------------------------------------------------------
 * Advice (the server's limits: services/identity/src/advice/model.rs): texts are trimmed,
 * then counted in characters.
 * ---------------------------------------------------------------------------------------- */

export const ADVICE_TITLE_MAX = 100;
export const ADVICE_TEXT_MAX = 2000;

/** A text's length as the server counts it: characters, not UTF-16 units. */
export const charCount = (text: string) => [...text].length;

/** antd rules of the feedback form. */
export function adviceRules(t: TFunction) {
  return {
    title: [rule((value) => isName(value, ADVICE_TITLE_MAX), t('system.advice.rules.title', { max: ADVICE_TITLE_MAX }))],
    content: [rule((value) => isName(value, ADVICE_TEXT_MAX), t('system.advice.rules.content', { max: ADVICE_TEXT_MAX }))],
  } satisfies Record<string, FormRule[]>;
}

/** antd rules of the reply form. */
export function replyRules(t: TFunction) {
  return {
    reply: [rule((value) => isName(value, ADVICE_TEXT_MAX), t('system.advice.rules.reply', { max: ADVICE_TEXT_MAX }))],
  } satisfies Record<string, FormRule[]>;
}
