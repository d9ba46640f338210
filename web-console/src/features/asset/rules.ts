import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { checkFile, FILE_RULES, type FileProblem, type FileRule } from '../../lib/fileRules';
import type { AssetAction, AssetOption } from './types';

/* The asset screen's rules (docs/asset-api.md; the maintenance service checks them again). */

/** Codes: letters, digits, underscore and hyphen, at most 32 (a type's, an attribute's, an asset's). */
export const CODE_MAX = 32;
/** Names of types, attributes and assets, in either language. */
export const NAME_MAX = 50;
export const MODEL_MAX = 50;
export const BRAND_MAX = 50;
export const ADDRESS_MAX = 200;
export const SUPPLIER_MAX = 100;
export const REMARK_MAX = 500;
export const PERSON_MAX = 64;
/** An attribute's value, its default and a sub-option's value. */
export const VALUE_MAX = 200;
/** A sub-option's labels. */
export const OPTION_LABEL_MAX = 50;
export const ATTRIBUTES_MAX = 50;
export const OPTIONS_MAX = 100;
export const LIMIT_MONTHS_MIN = 1;
export const LIMIT_MONTHS_MAX = 1200;
/** The largest initial value: 999,999,999.99. */
export const MONEY_MAX = '999999999.99';
export const RATE_MAX = 100;

/** The import: an xls or xlsx sheet of at most 2 MB (the server's limit of a request body). */
export const IMPORT_MAX_MB = 2;
export const IMPORT_RULE: FileRule = { extensions: FILE_RULES.userImport.extensions, maxBytes: IMPORT_MAX_MB * 1024 * 1024 };

/** Why a sheet cannot be imported (its type, its size), or undefined. */
export function importProblem(file: { name: string; size: number }): FileProblem | undefined {
  return checkFile(file, IMPORT_RULE);
}

/** Dictionary asset_status. */
export const IDLE = '0';
export const IN_USE = '1';
export const UNDER_REPAIR = '2';
export const SCRAPPED = '3';
export const ASSET_STATUSES = [IDLE, IN_USE, UNDER_REPAIR, SCRAPPED] as const;

/** Dictionary asset_record_type. */
export const RECORD_RECEIVE = '1';
export const RECORD_RETURN = '2';
export const RECORD_REPAIR = '3';
export const RECORD_SCRAP = '4';
export const RECORD_TYPES = [RECORD_RECEIVE, RECORD_RETURN, RECORD_REPAIR, RECORD_SCRAP] as const;
/** A record's status: effective; else cancelled (a scrap) or returned (a receive or repair). */
export const RECORD_EFFECTIVE = '0';

/** Dictionary asset_attribute_type. */
export const VALUE_TEXT = '1';
export const VALUE_NUMBER = '2';
export const VALUE_OPTIONS = '3';
export const VALUE_TYPES = [VALUE_TEXT, VALUE_NUMBER, VALUE_OPTIONS] as const;

/** The statuses an asset may be in for each batch record (the server's state machine): receive idle only, repair idle or in use, scrap any but scrapped. */
const TAKES: Readonly<Record<AssetAction, readonly string[]>> = {
  receive: [IDLE],
  repair: [IDLE, IN_USE],
  scrap: [IDLE, IN_USE, UNDER_REPAIR],
};

/** Whether an asset in `status` may take a record of `action`. */
export function mayTake(action: AssetAction, status: string): boolean {
  return TAKES[action].includes(status);
}

/** The one status a list of the assets that may take `action` can be asked for, if there is one (receive: idle). */
export function statusFilterOf(action: AssetAction): string | undefined {
  const statuses = TAKES[action];
  return statuses.length === 1 ? statuses[0] : undefined;
}

/** An effective receive or repair record can be returned (its assets go back to idle). */
export function mayReturn(record: { recordType: string; status: string }): boolean {
  return (record.recordType === RECORD_RECEIVE || record.recordType === RECORD_REPAIR) && record.status === RECORD_EFFECTIVE;
}

/** An effective scrap can be cancelled (each asset back to the status it had). */
export function mayCancelScrap(record: { recordType: string; status: string }): boolean {
  return record.recordType === RECORD_SCRAP && record.status === RECORD_EFFECTIVE;
}

/** Receive, repair and scrap need at least one asset. */
export function hasAssets(value: unknown): boolean {
  return Array.isArray(value) && value.length > 0;
}

/** A code: letters, digits, underscore and hyphen, 1 to 32 once trimmed. */
export function isCode(value: unknown): boolean {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{1,32}$/.test(value.trim());
}

/** At most `max` characters once trimmed (characters as the server counts them); nothing is fine. */
export function isAtMost(value: unknown, max: number): boolean {
  if (value === undefined || value === null) return true;
  return typeof value === 'string' && [...value.trim()].length <= max;
}

/** A decimal text of at most 9 whole digits and 2 decimals ("12." is "12"); nothing is left to the required rule. */
function decimalOf(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,9}(\.\d{0,2})?$/.test(text)) return undefined;
  return Number(text.endsWith('.') ? text.slice(0, -1) : text);
}

/** An initial value: 0 to 999,999,999.99, at most two decimals. */
export function isMoney(value: unknown): boolean {
  return decimalOf(value) !== undefined;
}

/** A residual rate: 0 to 100, at most two decimals. */
export function isRate(value: unknown): boolean {
  const rate = decimalOf(value);
  return rate !== undefined && rate <= RATE_MAX;
}

/** A limit in months: a whole number from 1 to 1200. */
export function isLimitMonths(value: unknown): boolean {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,4}$/.test(text)) return false;
  const months = Number(text);
  return months >= LIMIT_MONTHS_MIN && months <= LIMIT_MONTHS_MAX;
}

/** A decimal as the server takes it: trimmed, without a trailing dot. */
export function decimalText(value: unknown): string {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return text.endsWith('.') ? text.slice(0, -1) : text;
}

/** A number given by an input (a number, or a text of one), or undefined. */
export function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const number = Number(value.trim());
  return Number.isFinite(number) ? number : undefined;
}

/* ---- an attribute (spec section 5) ---- */

/** At most one sub-option is the default. */
export function hasAtMostOneDefault(options: readonly { isDefault?: boolean }[] | undefined): boolean {
  return (options ?? []).filter((option) => option.isDefault === true).length <= 1;
}

/** No sub-option's value is empty. */
export function hasOptionValues(options: readonly Partial<Pick<AssetOption, 'value'>>[] | undefined): boolean {
  return (options ?? []).every((option) => typeof option.value === 'string' && option.value.trim() !== '');
}

/** 1 to 100 sub-options, none twice (the values trimmed). */
export function hasDistinctOptions(options: readonly Partial<Pick<AssetOption, 'value'>>[] | undefined): boolean {
  const values = (options ?? []).map((option) => (option.value ?? '').trim());
  return values.length >= 1 && values.length <= OPTIONS_MAX && new Set(values).size === values.length;
}

/** A verify range is required when verification is on: both ends, the min not above the max. */
export function hasVerifyRange(verify: boolean | undefined, min: unknown, max: unknown): boolean {
  if (!verify) return true;
  const [low, high] = [numberOf(min), numberOf(max)];
  return low !== undefined && high !== undefined && low <= high;
}

/** An attribute as far as its values are checked. */
export interface ValueRule {
  valueType: string;
  required: boolean;
  verify: boolean;
  min: number | null;
  max: number | null;
  multiple: boolean;
  options: readonly Pick<AssetOption, 'value'>[];
}

export type ValueProblem = 'required' | 'number' | 'range' | 'option' | 'length';

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

/**
 * Why a value breaks its attribute, or undefined: required when it says so; a number (within
 * the range when verified); options of its own, several only when multiple; 200 characters.
 */
export function valueProblem(attribute: ValueRule, value: unknown): ValueProblem | undefined {
  if (isBlank(value)) return attribute.required ? 'required' : undefined;
  if (attribute.valueType === VALUE_NUMBER) {
    const number = numberOf(value);
    if (number === undefined) return 'number';
    if (attribute.verify && attribute.min !== null && attribute.max !== null && (number < attribute.min || number > attribute.max)) return 'range';
    return undefined;
  }
  if (attribute.valueType === VALUE_OPTIONS) {
    const chosen = (Array.isArray(value) ? value : [value]).map((item) => String(item).trim());
    const own = new Set(attribute.options.map((option) => option.value));
    if ((chosen.length > 1 && !attribute.multiple) || !chosen.every((item) => own.has(item))) return 'option';
    return chosen.join(',').length > VALUE_MAX ? 'length' : undefined;
  }
  return [...String(value).trim()].length > VALUE_MAX ? 'length' : undefined;
}

/* ---- antd rules, messages in the current language ---- */

const rule =
  (ok: (value: unknown) => boolean, message: string): FormRule =>
  () => ({
    validator: (_rule, value: unknown) => (ok(value) ? Promise.resolve() : Promise.reject(new Error(message))),
  });

const name = (t: TFunction, required: string): FormRule[] => [
  { required: true, whitespace: true, message: required },
  rule((value) => isAtMost(value, NAME_MAX), t('asset.rules.nameMax', { max: NAME_MAX })),
];

const code = (t: TFunction): FormRule[] => [
  { required: true, whitespace: true, message: t('asset.rules.codeRequired') },
  rule((value) => isBlank(value) || isCode(value), t('asset.rules.code', { max: CODE_MAX })),
];

const atMost = (t: TFunction, max: number): FormRule[] => [rule((value) => isAtMost(value, max), t('asset.rules.textMax', { max }))];

/** The asset dialog's rules. */
export function assetRules(t: TFunction) {
  return {
    assetCode: code(t),
    assetName: name(t, t('asset.rules.assetName')),
    typeId: [{ required: true, message: t('asset.rules.type') }],
    model: atMost(t, MODEL_MAX),
    brand: atMost(t, BRAND_MAX),
    address: atMost(t, ADDRESS_MAX),
    supplier: atMost(t, SUPPLIER_MAX),
    initialValue: [
      { required: true, whitespace: true, message: t('asset.rules.initialValueRequired') },
      rule((value) => isBlank(value) || isMoney(value), t('asset.rules.initialValue')),
    ],
    residualRate: [
      { required: true, whitespace: true, message: t('asset.rules.residualRateRequired') },
      rule((value) => isBlank(value) || isRate(value), t('asset.rules.residualRate')),
    ],
    startDate: [{ required: true, message: t('asset.rules.startDate') }],
    limitMonths: [
      { required: true, whitespace: true, message: t('asset.rules.limitMonthsRequired') },
      rule((value) => isBlank(value) || isLimitMonths(value), t('asset.rules.limitMonths', { min: LIMIT_MONTHS_MIN, max: LIMIT_MONTHS_MAX })),
    ],
  } satisfies Record<string, FormRule[]>;
}

/** A dynamic field's rules: its attribute's (`name` in the current language); give the field `required` for its mark. */
export function valueRules(t: TFunction, attribute: ValueRule, attributeName: string): FormRule[] {
  const messages: Record<ValueProblem, string> = {
    required: t('asset.rules.valueRequired', { name: attributeName }),
    number: t('asset.rules.valueNumber', { name: attributeName }),
    range: t('asset.rules.valueRange', { name: attributeName, min: attribute.min, max: attribute.max }),
    option: t('asset.rules.valueOption', { name: attributeName }),
    length: t('asset.rules.textMax', { max: VALUE_MAX }),
  };
  // one rule for all (the field's `required` shows the mark): a required rule would pass an empty list of options
  return [
    () => ({
      validator: (_rule, value: unknown) => {
        const problem = valueProblem(attribute, value);
        return problem === undefined ? Promise.resolve() : Promise.reject(new Error(messages[problem]));
      },
    }),
  ];
}

/** The type dialog's rules and its attribute sub-form's. */
export function typeRules(t: TFunction) {
  return {
    typeCode: code(t),
    nameZh: name(t, t('asset.rules.nameZh')),
    nameEn: name(t, t('asset.rules.nameEn')),
    remark: atMost(t, REMARK_MAX),
    attrCode: code(t),
    /** The attribute's code, not another's of the type (`others`: theirs). */
    attrCodeFree: (others: readonly string[]): FormRule[] => [
      rule((value) => typeof value !== 'string' || !others.includes(value.trim()), t('asset.rules.attrCodeTaken')),
    ],
    valueType: [{ required: true, message: t('asset.rules.valueType') }],
    defaultValue: atMost(t, VALUE_MAX),
    /** A number attribute's default: a number. */
    numberDefault: [rule((value) => isBlank(value) || numberOf(value) !== undefined, t('asset.rules.defaultNumber'))],
    /** Either end of the verify range when verification is on (`verify`: the switch's field). */
    rangeEnd: (verify: () => boolean, required: string): FormRule[] => [
      () => ({
        validator: (_rule, value: unknown) => (!verify() || numberOf(value) !== undefined ? Promise.resolve() : Promise.reject(new Error(required))),
      }),
    ],
    rangeRequired: t('asset.rules.rangeRequired'),
    rangeOrder: t('asset.rules.rangeOrder'),
    optionValue: [{ required: true, whitespace: true, message: t('asset.rules.optionValue') }, ...atMost(t, VALUE_MAX)],
    optionLabel: atMost(t, OPTION_LABEL_MAX),
    /**
     * The sub-options as a whole (Form.List's rules): at most one default (spec section 5),
     * then 1 to 100, none twice; an empty value is its own field's error (`optionValue`).
     */
    options: [
      {
        validator: (_rule: unknown, options: Partial<AssetOption>[] | undefined) => {
          if (!hasAtMostOneDefault(options)) return Promise.reject(new Error(t('asset.rules.oneDefault')));
          if (!hasOptionValues(options)) return Promise.resolve();
          if (!hasDistinctOptions(options)) return Promise.reject(new Error(t('asset.rules.optionsRequired', { max: OPTIONS_MAX })));
          return Promise.resolve();
        },
      },
    ],
  };
}

/** The receive, repair, scrap and return dialogs' rules. */
export function recordRules(t: TFunction) {
  return {
    assetIds: [rule(hasAssets, t('asset.rules.assetsRequired'))],
    person: [{ required: true, whitespace: true, message: t('asset.rules.person') }, ...atMost(t, PERSON_MAX)],
    recordDate: [{ required: true, message: t('asset.rules.recordDate') }],
    remark: atMost(t, REMARK_MAX),
  } satisfies Record<string, FormRule[]>;
}
