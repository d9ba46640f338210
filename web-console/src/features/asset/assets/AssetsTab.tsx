import { useState, type ReactNode } from 'react';
import { DeleteRowOutlined, ExportOutlined, ToolOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ListPage, type ToolbarAction } from '../../../components/listPage';
import { useDeleteAssetsMutation } from '../api';
import { ASSET_PERMISSIONS as PERMISSIONS } from '../shared/permissions';
import { useProjectAssets } from '../shared/useAsset';
import type { Asset, AssetAction, AssetQuery } from '../types';
import AssetFormDialog from './AssetFormDialog';
import { useAssetColumns, useAssetSearchFields } from './columns';
import ImportDialog from './ImportDialog';
import RecordDialog from './RecordDialog';
import '../i18n';

/** What a batch button opens: the record dialog of an action for the assets selected. */
interface Recording {
  action: AssetAction;
  assets: readonly Asset[];
}

/**
 * The assets tab: search by keyword (code or name), type and status; add, edit, delete
 * (refused by the server for an asset in use or under repair), export the filtered list,
 * import a sheet; receive, repair or scrap the selected assets.
 */
export default function AssetsTab() {
  const { t } = useTranslation();
  const [recording, setRecording] = useState<Recording | undefined>();
  const [importing, setImporting] = useState(false);
  const [deleteAssets] = useDeleteAssetsMutation();

  const batch = (action: AssetAction, permission: string, icon: ReactNode): ToolbarAction<Asset> => ({
    key: action,
    label: t(`asset.action.${action}`),
    permission,
    icon,
    selection: true,
    run: (assets) => setRecording({ action, assets }),
  });
  const toolbar: ToolbarAction<Asset>[] = [
    batch('receive', PERMISSIONS.receive, <ExportOutlined aria-hidden />),
    batch('repair', PERMISSIONS.repair, <ToolOutlined aria-hidden />),
    batch('scrap', PERMISSIONS.scrap, <DeleteRowOutlined aria-hidden />),
    { key: 'import', label: t('asset.import.action'), permission: PERMISSIONS.import, icon: <UploadOutlined aria-hidden />, run: () => setImporting(true) },
  ];

  return (
    <ListPage<Asset, AssetQuery>
      rowKey="assetId" rowName={(asset) => asset.assetCode} useList={useProjectAssets}
      columns={useAssetColumns()} searchFields={useAssetSearchFields()} toolbarExtra={toolbar}
      editor={{ dialog: AssetFormDialog, add: PERMISSIONS.add, edit: PERMISSIONS.edit }}
      remove={{
        permission: PERMISSIONS.remove,
        question: (asset) => t('asset.item.deleteConfirm', { name: asset.assetCode }),
        run: (assets) => deleteAssets(assets.map((asset) => asset.assetId)).unwrap(),
      }}
      exportList={{ permission: PERMISSIONS.export, url: '/operation/asset/export', filename: () => `asset_${Date.now()}.xlsx` }}
    >
      {recording ? <RecordDialog action={recording.action} assets={recording.assets} onClose={() => setRecording(undefined)} /> : null}
      {importing ? <ImportDialog onClose={() => setImporting(false)} /> : null}
    </ListPage>
  );
}
