import dayjs, { type Dayjs } from 'dayjs';
import { decimalText, numberOf, VALUE_NUMBER, VALUE_OPTIONS } from '../rules';
import type { Asset, AssetAttribute, AssetChange, AssetType, AssetValue } from '../types';

export const DATE_FORMAT = 'YYYY-MM-DD';

/** A dynamic field's value: a text, a number, one option's value or several. */
export type AttributeFieldValue = string | number | string[] | null | undefined;

/** The asset dialog's fields; `attrs` holds the chosen type's attribute values by code. */
export interface AssetFormValues {
  assetCode: string;
  assetName: string;
  typeId?: number;
  model?: string;
  brand?: string;
  address?: string;
  supplier?: string;
  initialValue?: string;
  residualRate?: string;
  startDate?: Dayjs | null;
  limitMonths?: string;
  expireDate?: Dayjs | null;
  image?: string;
  attachment?: string;
  attrs?: Record<string, AttributeFieldValue>;
}

const dateOf = (text: string | null | undefined) => (text ? dayjs(text) : null);
const dayText = (date: Dayjs | null | undefined) => (date ? date.format(DATE_FORMAT) : '');

/** The values of several options as sent: joined with ','. */
const split = (text: string) =>
  text
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '');

/** An attribute's field as a text holds it (a number's text, one option or several) read back into the field. */
export function fieldValueOf(attribute: AssetAttribute, text: string | null | undefined): AttributeFieldValue {
  const value = (text ?? '').trim();
  if (attribute.valueType === VALUE_NUMBER) return value === '' ? null : (numberOf(value) ?? value);
  if (attribute.valueType === VALUE_OPTIONS) return attribute.multiple ? split(value) : value === '' ? undefined : value;
  return value;
}

/** An attribute's default as its field starts on a new asset: the default sub-option for options. */
export function defaultOf(attribute: AssetAttribute): AttributeFieldValue {
  if (attribute.valueType !== VALUE_OPTIONS) return fieldValueOf(attribute, attribute.defaultValue);
  const defaults = attribute.options.filter((option) => option.isDefault).map((option) => option.value);
  const chosen = defaults.length > 0 ? defaults : split(attribute.defaultValue);
  return attribute.multiple ? chosen : chosen[0];
}

/** Every attribute of the type at its default (a new asset, or another type chosen). */
export function defaultsOf(type: Pick<AssetType, 'attributes'> | undefined): Record<string, AttributeFieldValue> {
  return Object.fromEntries((type?.attributes ?? []).map((attribute) => [attribute.attrCode, defaultOf(attribute)]));
}

/** A field's value as the server takes it: a text, several options joined with ','. */
export function valueText(value: AttributeFieldValue): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((item) => item.trim()).filter((item) => item !== '').join(',');
  return String(value).trim();
}

/** A new asset starts today. */
export function newAsset(): Partial<AssetFormValues> {
  return { startDate: dayjs().startOf('day'), attrs: {} };
}

/** An asset's fields; its attribute values read by its type's attributes (as sent when the type is not known yet). */
export function toValues(asset: Asset, type?: Pick<AssetType, 'attributes'>): AssetFormValues {
  const sent = new Map(asset.attributes.map((value) => [value.attrCode, value.value]));
  const attrs: Record<string, AttributeFieldValue> = type
    ? Object.fromEntries(type.attributes.map((attribute) => [attribute.attrCode, fieldValueOf(attribute, sent.get(attribute.attrCode))]))
    : Object.fromEntries(sent);
  return {
    assetCode: asset.assetCode,
    assetName: asset.assetName,
    typeId: asset.typeId,
    model: asset.model,
    brand: asset.brand,
    address: asset.address,
    supplier: asset.supplier,
    initialValue: asset.initialValue,
    residualRate: asset.residualRate,
    startDate: dateOf(asset.startDate),
    limitMonths: asset.limitMonths === undefined || asset.limitMonths === null ? '' : String(asset.limitMonths),
    expireDate: dateOf(asset.expireDate),
    image: asset.image,
    attachment: asset.attachment,
    attrs,
  };
}

/** The body the server takes: texts trimmed, dates as YYYY-MM-DD, the type's attributes each with its value. */
export function toChange(values: AssetFormValues, type: Pick<AssetType, 'attributes'> | undefined): AssetChange {
  const trim = (text: string | undefined) => (text ?? '').trim();
  const attributes: AssetValue[] = (type?.attributes ?? []).map((attribute) => ({
    attrCode: attribute.attrCode,
    value: valueText(values.attrs?.[attribute.attrCode]),
  }));
  return {
    assetCode: trim(values.assetCode),
    assetName: trim(values.assetName),
    typeId: Number(values.typeId),
    expireDate: dayText(values.expireDate),
    model: trim(values.model),
    brand: trim(values.brand),
    address: trim(values.address),
    supplier: trim(values.supplier),
    initialValue: decimalText(values.initialValue),
    residualRate: decimalText(values.residualRate),
    startDate: dayText(values.startDate),
    limitMonths: Number(trim(values.limitMonths)),
    image: trim(values.image),
    attachment: trim(values.attachment),
    attributes,
  };
}
