import { useTranslation } from 'react-i18next';
import SheetImportDialog from '../../../components/SheetImportDialog';
import { useImportDevicesMutation } from '../api';
import { IMPORT_MAX_MB, IMPORT_RULE } from '../rules';
import type { DeviceImportFailure } from '../types';
import '../i18n';

/**
 * Imports devices from an xls or xlsx sheet (at most 2 MB, checked here first), as the asset
 * import does: the template (POST /device/device/importTemplate), the file. The server checks
 * every row as the form checks a device (its type by code, its gateway by number) and imports
 * all or none: a refusal (code 500) lists its rows (row, device code, reason) and imports
 * nothing; a success shows the server's message and closes.
 */
export default function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [importDevices, { isLoading }] = useImportDevicesMutation();
  return (
    <SheetImportDialog<DeviceImportFailure>
      title={t('device.device.import.title')} okText={t('device.device.import.action')} fileLabel={t('device.device.import.file')}
      hint={t('device.device.import.hint', { size: IMPORT_MAX_MB })} rule={IMPORT_RULE}
      template={{ url: '/device/device/importTemplate', filename: () => `device_template_${Date.now()}.xlsx` }}
      keyColumn={{ field: 'deviceCode', title: t('device.device.import.code') }}
      run={(file) => importDevices(file).unwrap()} importing={isLoading} onClose={onClose}
    />
  );
}
