import { useTranslation } from 'react-i18next';
import type { ListColumn, SearchField } from '../../../components/listPage';
import { entered, orNone } from '../shared/text';
import type { AssetType, AssetTypeQuery } from '../types';
import '../i18n';

/** The type list's columns: code, names in both languages, the attributes' and assets' counts, remark, creation. */
export function useTypeColumns(): ListColumn<AssetType>[] {
  const { t } = useTranslation();
  return [
    { key: 'typeCode', title: t('asset.type.code'), render: (code: string) => entered(code) },
    { key: 'nameZh', title: t('asset.type.nameZh'), render: (name: string) => entered(name) },
    { key: 'nameEn', title: t('asset.type.nameEn'), render: (name: string) => entered(name) },
    { key: 'attributeCount', title: t('asset.type.attributeCount'), align: 'right', render: (_count: unknown, type) => type.attributes.length },
    { key: 'assetCount', title: t('asset.type.assetCount'), align: 'right', render: (count: number | undefined) => count ?? 0 },
    { key: 'remark', title: t('asset.remark'), render: (remark: string) => entered(remark, true) },
    { key: 'createTime', title: t('asset.createTime'), render: orNone },
  ];
}

/** The search form: a keyword of the code or names. */
export function useTypeSearchFields(): SearchField<AssetTypeQuery>[] {
  const { t } = useTranslation();
  return [{ kind: 'text', name: 'keyword', label: t('asset.keyword'), placeholder: t('asset.type.keywordPlaceholder') }];
}
