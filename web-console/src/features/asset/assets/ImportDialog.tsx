import { useTranslation } from 'react-i18next';
import SheetImportDialog from '../../../components/SheetImportDialog';
import { useImportAssetsMutation } from '../api';
import { IMPORT_MAX_MB, IMPORT_RULE } from '../rules';
import type { AssetImportFailure } from '../types';
import '../i18n';

/**
 * Imports assets from an xls or xlsx sheet (at most 2 MB, checked here first), as the user
 * import does: the template, the file. The server checks every row as the form checks an
 * asset (its type by code) and imports all or none: a refusal (code 500) lists its rows (row,
 * code, reason) and imports nothing; a success shows the server's message and closes.
 */
export default function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [importAssets, { isLoading }] = useImportAssetsMutation();
  return (
    <SheetImportDialog<AssetImportFailure>
      title={t('asset.import.title')} okText={t('asset.import.action')} fileLabel={t('asset.import.file')}
      hint={t('asset.import.hint', { size: IMPORT_MAX_MB })} rule={IMPORT_RULE}
      template={{ url: '/operation/asset/importTemplate', filename: () => `asset_template_${Date.now()}.xlsx` }}
      keyColumn={{ field: 'assetCode', title: t('asset.import.code') }}
      run={(file) => importAssets(file).unwrap()} importing={isLoading} onClose={onClose}
    />
  );
}
