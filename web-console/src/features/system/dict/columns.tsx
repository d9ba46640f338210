import { useTranslation } from 'react-i18next';
import type { ListColumn, SearchField } from '../../../components/listPage';
import { useNormalDisable } from '../shared/dicts';
import AsEntered from '../../../components/AsEntered';
import StatusTag from '../shared/StatusTag';
import { useYesNo } from '../shared/yesNo';
import { optionLabel } from '../useDictOptions';
import type { DictData, DictDataQuery, DictType, DictTypeQuery } from '../types';
import ItemLabel from './ItemLabel';
import '../i18n';

/** Names, keys, labels and remarks as entered. */
const entered = (text: string) => <AsEntered text={text} />;
const clipped = (text: string) => <AsEntered text={text} clip />;

function useFlag() {
  const { t } = useTranslation();
  return (flag: string) => (flag === '1' ? t('common.yes') : t('common.no'));
}

/** The dictionary type list's columns. */
export function useDictTypeColumns(): ListColumn<DictType>[] {
  const { t } = useTranslation();
  const flag = useFlag();
  return [
    { key: 'dictId', title: t('system.dict.dictId') },
    { key: 'dictName', title: t('system.dict.name'), render: entered },
    { key: 'dictNameEn', title: t('system.dict.nameEn'), render: entered },
    { key: 'dictType', title: t('system.dict.type'), render: entered },
    { key: 'status', title: t('system.dict.status'), render: (status: string) => <StatusTag status={status} /> },
    { key: 'builtin', title: t('system.dict.builtin'), render: flag },
    { key: 'remark', title: t('system.dict.remark'), render: clipped },
    { key: 'createTime', title: t('system.dict.createTime') },
  ];
}

/** The dictionary type list's search fields: name, type, status, creation time. */
export function useDictTypeSearchFields(): SearchField<DictTypeQuery>[] {
  const { t } = useTranslation();
  return [
    { kind: 'text', name: 'dictName', label: t('system.dict.name') },
    { kind: 'text', name: 'dictType', label: t('system.dict.type') },
    { kind: 'select', name: 'status', label: t('system.dict.status'), options: useNormalDisable() },
    { kind: 'dateTimeRange', name: 'createTime', from: 'params[beginTime]', to: 'params[endTime]', label: t('system.dict.createTime'), width: 360 },
  ];
}

/** The item list's columns. */
export function useDictDataColumns(): ListColumn<DictData>[] {
  const { t } = useTranslation();
  const flag = useFlag();
  const yesNo = useYesNo();
  return [
    { key: 'dictCode', title: t('system.dict.data.code') },
    { key: 'dictLabel', title: t('system.dict.data.label'), render: (_label: string, item) => <ItemLabel item={item} /> },
    { key: 'dictLabelEn', title: t('system.dict.data.labelEn'), render: entered },
    { key: 'dictValue', title: t('system.dict.data.value'), render: entered },
    { key: 'dictSort', title: t('system.dict.data.sort') },
    { key: 'status', title: t('system.dict.data.status'), render: (status: string) => <StatusTag status={status} /> },
    { key: 'isDefault', title: t('system.dict.data.isDefault'), render: (value: string) => optionLabel(yesNo, value) },
    { key: 'builtin', title: t('system.dict.data.builtin'), render: flag },
    { key: 'remark', title: t('system.dict.data.remark'), render: clipped },
  ];
}

/** The item list's search fields: label and status. */
export function useDictDataSearchFields(): SearchField<DictDataQuery>[] {
  const { t } = useTranslation();
  return [
    { kind: 'text', name: 'dictLabel', label: t('system.dict.data.label') },
    { kind: 'select', name: 'status', label: t('system.dict.data.status'), options: useNormalDisable() },
  ];
}
