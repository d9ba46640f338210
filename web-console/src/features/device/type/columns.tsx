import { useTranslation } from 'react-i18next';
import AsEntered from '../../../components/AsEntered';
import type { ListColumn, SearchField } from '../../../components/listPage';
import type { EquipmentType, EquipmentTypeQuery } from '../types';
import { useCategoryChoices } from './categoryChoices';
import '../i18n';

/** The type list's columns; the type value's title says that lower is a higher priority. */
export function useTypeColumns(): ListColumn<EquipmentType>[] {
  const { t } = useTranslation();
  return [
    { key: 'typeName', title: t('device.type.name'), render: (name: string) => <AsEntered text={name} /> },
    { key: 'typeCode', title: t('device.type.code'), render: (code: string) => <AsEntered text={code} /> },
    { key: 'categoryName', title: t('device.type.category'), render: (name: string) => <AsEntered text={name} /> },
    { key: 'typeValue', title: t('device.type.typeValue') },
    { key: 'statusCheckSeconds', title: t('device.type.statusCheckSeconds') },
    { key: 'minimumBurnMinutes', title: t('device.type.minimumBurnMinutes') },
    { key: 'remark', title: t('device.type.remark'), render: (remark: string | null) => (remark ? <AsEntered text={remark} clip /> : '-') },
    { key: 'createTime', title: t('device.type.createTime'), hidden: true },
  ];
}

/** The type list's search fields: name, category (the project's first 500). */
export function useTypeSearchFields(): SearchField<EquipmentTypeQuery>[] {
  const { t } = useTranslation();
  const { choices } = useCategoryChoices();
  return [
    { kind: 'text', name: 'typeName', label: t('device.type.name'), placeholder: t('device.type.namePlaceholder') },
    { kind: 'select', name: 'categoryId', label: t('device.type.category'), options: choices, searchable: true, width: 200 },
  ];
}
