import type { DictData, DictDataChange, DictType, DictTypeChange } from '../types';

/** The dictionary type form's fields. */
export interface DictTypeFormValues {
  dictName: string;
  dictNameEn?: string;
  dictType: string;
  status: string;
  remark?: string;
}

/** A new type: normal. */
export const NEW_DICT_TYPE: Partial<DictTypeFormValues> = { status: '0' };

export function typeValues({ dictName, dictNameEn, dictType, status, remark }: DictType): DictTypeFormValues {
  return { dictName, dictNameEn, dictType, status, remark };
}

const text = (value: string | undefined) => (value ?? '').trim();

/** The type form's values as the server takes them, texts trimmed (an empty English name is the Chinese one, on the server). */
export function toTypeChange(values: DictTypeFormValues): DictTypeChange {
  return {
    dictName: text(values.dictName),
    dictNameEn: text(values.dictNameEn),
    dictType: text(values.dictType),
    status: values.status,
    remark: text(values.remark),
  };
}

/** The dictionary item form's fields; the type is the one whose items are shown. */
export interface DictDataFormValues {
  dictType: string;
  dictLabel: string;
  dictLabelEn?: string;
  dictValue: string;
  cssClass?: string;
  dictSort?: number;
  listClass?: string;
  isDefault: string;
  status: string;
  remark?: string;
}

/** A new item of `dictType`: first in order, the default style, not the default item, normal. */
export function newDictData(dictType: string): Partial<DictDataFormValues> {
  return { dictType, dictSort: 0, listClass: 'default', isDefault: 'N', status: '0' };
}

export function dataValues(item: DictData): DictDataFormValues {
  const { dictType, dictLabel, dictLabelEn, dictValue, cssClass, dictSort, listClass, isDefault, status, remark } = item;
  return { dictType, dictLabel, dictLabelEn, dictValue, cssClass, dictSort, listClass: listClass || undefined, isDefault: isDefault === 'Y' ? 'Y' : 'N', status, remark };
}

/** The item form's values as the server takes them, texts trimmed. */
export function toDataChange(values: DictDataFormValues): DictDataChange {
  return {
    dictType: values.dictType,
    dictLabel: text(values.dictLabel),
    dictLabelEn: text(values.dictLabelEn),
    dictValue: text(values.dictValue),
    cssClass: text(values.cssClass),
    dictSort: values.dictSort ?? 0,
    listClass: values.listClass ?? '',
    isDefault: values.isDefault,
    status: values.status,
    remark: text(values.remark),
  };
}
