import { useTranslation } from 'react-i18next';
import type { ListColumn, SearchField } from '../../../components/listPage';
import { useAssetStatuses } from '../shared/dicts';
import { entered, orNone, typeNameOf } from '../shared/text';
import { AssetStatusTag } from '../shared/Tags';
import { useTypeOptions } from '../shared/useAsset';
import type { Asset, AssetQuery } from '../types';
import '../i18n';

/** The asset list's columns: code, name, type (in the current language), status, value, dates; the rest shown on demand. */
export function useAssetColumns(): ListColumn<Asset>[] {
  const { t, i18n } = useTranslation();
  return [
    { key: 'assetCode', title: t('asset.item.code'), render: (code: string) => entered(code) },
    { key: 'assetName', title: t('asset.item.name'), render: (name: string) => entered(name) },
    { key: 'typeName', title: t('asset.item.type'), render: (_name: unknown, asset) => entered(typeNameOf(i18n.language, asset)) },
    { key: 'status', title: t('asset.status.title'), render: (status: string) => <AssetStatusTag status={status} /> },
    { key: 'initialValue', title: t('asset.item.initialValue'), align: 'right', render: orNone },
    { key: 'residualRate', title: t('asset.item.residualRate'), align: 'right', render: orNone, hidden: true },
    { key: 'netValue', title: t('asset.item.netValue'), align: 'right', render: orNone },
    { key: 'startDate', title: t('asset.item.startDate'), render: orNone },
    { key: 'limitMonths', title: t('asset.item.limitMonths'), align: 'right', render: orNone },
    { key: 'expireDate', title: t('asset.item.expireDate'), render: orNone },
    { key: 'model', title: t('asset.item.model'), render: (model: string) => entered(model), hidden: true },
    { key: 'brand', title: t('asset.item.brand'), render: (brand: string) => entered(brand), hidden: true },
    { key: 'address', title: t('asset.item.address'), render: (address: string) => entered(address, true), hidden: true },
    { key: 'supplier', title: t('asset.item.supplier'), render: (supplier: string) => entered(supplier, true), hidden: true },
    { key: 'createTime', title: t('asset.createTime'), render: orNone, hidden: true },
  ];
}

/** The search form: a keyword of the code or name, the type, the status. */
export function useAssetSearchFields(): SearchField<AssetQuery>[] {
  const { t } = useTranslation();
  const types = useTypeOptions();
  const statuses = useAssetStatuses();
  return [
    { kind: 'text', name: 'keyword', label: t('asset.keyword'), placeholder: t('asset.item.keywordPlaceholder') },
    { kind: 'select', name: 'typeId', label: t('asset.item.type'), options: types.options, width: 160, searchable: true },
    { kind: 'select', name: 'status', label: t('asset.status.title'), options: statuses, width: 120 },
  ];
}
