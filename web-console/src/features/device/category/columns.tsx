import { useTranslation } from 'react-i18next';
import AsEntered from '../../../components/AsEntered';
import type { ListColumn, SearchField } from '../../../components/listPage';
import type { EquipmentCategory, EquipmentCategoryQuery } from '../types';
import '../i18n';

/** The category list's columns. */
export function useCategoryColumns(): ListColumn<EquipmentCategory>[] {
  const { t } = useTranslation();
  return [
    { key: 'categoryName', title: t('device.category.name'), render: (name: string) => <AsEntered text={name} /> },
    { key: 'categoryCode', title: t('device.category.code'), render: (code: string) => <AsEntered text={code} /> },
    { key: 'typeCount', title: t('device.category.typeCount') },
    { key: 'remark', title: t('device.category.remark'), render: (remark: string | null) => (remark ? <AsEntered text={remark} clip /> : '-') },
    { key: 'createTime', title: t('device.category.createTime') },
    { key: 'updateTime', title: t('device.category.updateTime'), hidden: true, render: (time: string | null) => time ?? '-' },
  ];
}

/** The category list's search fields: name, code. */
export function useCategorySearchFields(): SearchField<EquipmentCategoryQuery>[] {
  const { t } = useTranslation();
  return [
    { kind: 'text', name: 'categoryName', label: t('device.category.name'), placeholder: t('device.category.namePlaceholder') },
    { kind: 'text', name: 'categoryCode', label: t('device.category.code'), placeholder: t('device.category.codePlaceholder') },
  ];
}
