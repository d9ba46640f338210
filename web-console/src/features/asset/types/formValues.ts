import { numberOf, VALUE_NUMBER, VALUE_OPTIONS, VALUE_TEXT } from '../rules';
import type { AssetAttribute, AssetOption, AssetType, AssetTypeChange } from '../types';

/** The type dialog's fields: its attributes are edited one at a time in the attribute sub-form. */
export interface TypeFormValues {
  typeCode: string;
  nameZh: string;
  nameEn: string;
  remark?: string;
  attributes: AssetAttribute[];
}

/** A sub-option's fields. */
export interface OptionFormValues {
  value?: string;
  labelZh?: string;
  labelEn?: string;
  isDefault?: boolean;
}

/** The attribute sub-form's fields. */
export interface AttributeFormValues {
  attrCode: string;
  nameZh: string;
  nameEn: string;
  valueType: string;
  defaultValue?: string;
  multiple?: boolean;
  required?: boolean;
  verify?: boolean;
  min?: number | null;
  max?: number | null;
  options?: OptionFormValues[];
}

export const NEW_TYPE: Partial<TypeFormValues> = { attributes: [] };

/** A new attribute: a text, optional, unchecked. */
export const NEW_ATTRIBUTE: AttributeFormValues = {
  attrCode: '',
  nameZh: '',
  nameEn: '',
  valueType: VALUE_TEXT,
  defaultValue: '',
  multiple: false,
  required: false,
  verify: false,
  min: null,
  max: null,
  options: [],
};

/** A new sub-option. */
export const NEW_OPTION: OptionFormValues = { value: '', labelZh: '', labelEn: '', isDefault: false };

export function toValues(type: AssetType): TypeFormValues {
  return { typeCode: type.typeCode, nameZh: type.nameZh, nameEn: type.nameEn, remark: type.remark, attributes: type.attributes };
}

/** The body the server takes: texts trimmed, the attributes as saved in the sub-form. */
export function toChange(values: TypeFormValues): AssetTypeChange {
  return {
    typeCode: values.typeCode.trim(),
    nameZh: values.nameZh.trim(),
    nameEn: values.nameEn.trim(),
    remark: (values.remark ?? '').trim(),
    attributes: values.attributes ?? [],
  };
}

/** An attribute in the sub-form. */
export function attributeValues(attribute: AssetAttribute): AttributeFormValues {
  return {
    attrCode: attribute.attrCode,
    nameZh: attribute.nameZh,
    nameEn: attribute.nameEn,
    valueType: attribute.valueType,
    defaultValue: attribute.valueType === VALUE_OPTIONS ? '' : attribute.defaultValue,
    multiple: attribute.multiple,
    required: attribute.required,
    verify: attribute.verify,
    min: attribute.min,
    max: attribute.max,
    options: attribute.options.map((option) => ({ ...option })),
  };
}

const trim = (text: string | undefined) => (text ?? '').trim();

/**
 * The attribute a saved sub-form gives: texts trimmed; several options only for an options
 * attribute, whose default is its default sub-option's value; a range only when a number is
 * verified; sub-options only for options.
 */
export function toAttribute(values: AttributeFormValues): AssetAttribute {
  const options = values.valueType === VALUE_OPTIONS;
  const verify = values.valueType === VALUE_NUMBER && values.verify === true;
  const list: AssetOption[] = options
    ? (values.options ?? []).map((option) => ({
        value: trim(option.value),
        labelZh: trim(option.labelZh),
        labelEn: trim(option.labelEn),
        isDefault: option.isDefault === true,
      }))
    : [];
  return {
    attrCode: trim(values.attrCode),
    nameZh: trim(values.nameZh),
    nameEn: trim(values.nameEn),
    valueType: values.valueType,
    defaultValue: options ? (list.find((option) => option.isDefault)?.value ?? '') : trim(values.defaultValue),
    multiple: options && values.multiple === true,
    required: values.required === true,
    verify,
    min: verify ? (numberOf(values.min) ?? null) : null,
    max: verify ? (numberOf(values.max) ?? null) : null,
    options: list,
  };
}

/** An attribute's default as the list shows it: the default sub-option's label for options. */
export function defaultLabel(attribute: AssetAttribute, label: (option: AssetOption) => string): string {
  if (attribute.valueType !== VALUE_OPTIONS) return attribute.defaultValue;
  const option = attribute.options.find((candidate) => candidate.isDefault);
  return option ? label(option) : '';
}
