import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/listPage';
import { useDeleteAssetTypesMutation } from '../api';
import { ASSET_PERMISSIONS as PERMISSIONS } from '../shared/permissions';
import { useProjectTypes } from '../shared/useAsset';
import type { AssetType, AssetTypeQuery } from '../types';
import { useTypeColumns, useTypeSearchFields } from './columns';
import TypeFormDialog from './TypeFormDialog';
import '../i18n';

/** The types tab: search by code or name, add, edit, delete (refused by the server while an asset has the type). */
export default function TypesTab() {
  const { t } = useTranslation();
  const [deleteTypes] = useDeleteAssetTypesMutation();
  return (
    <ListPage<AssetType, AssetTypeQuery>
      rowKey="typeId" rowName={(type) => type.typeCode} useList={useProjectTypes}
      columns={useTypeColumns()} searchFields={useTypeSearchFields()}
      editor={{ dialog: TypeFormDialog, add: PERMISSIONS.add, edit: PERMISSIONS.edit }}
      remove={{
        permission: PERMISSIONS.remove,
        question: (type) => t('asset.type.deleteConfirm', { name: type.typeCode }),
        run: (types) => deleteTypes(types.map((type) => type.typeId)).unwrap(),
      }}
    />
  );
}
