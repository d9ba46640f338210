import { useTranslation } from 'react-i18next';
import type { ListColumn, SearchField } from '../../../components/listPage';
import type { AddressQuery } from '../types';
import type { AddressRow } from './addressTree';
import '../i18n';

/** The address tree table's columns. */
export function useAddressColumns(): ListColumn<AddressRow>[] {
  const { t } = useTranslation();
  return [
    { key: 'addressName', title: t('project.address.name') },
    { key: 'orderNum', title: t('project.address.orderNum') },
    { key: 'remark', title: t('project.address.remark') },
    { key: 'createTime', title: t('project.address.createTime') },
  ];
}

/** The address list's search field: the name. */
export function useAddressSearchFields(): SearchField<AddressQuery>[] {
  const { t } = useTranslation();
  return [{ kind: 'text', name: 'addressName', label: t('project.address.name'), placeholder: t('project.address.namePlaceholder') }];
}
