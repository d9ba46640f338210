import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/listPage';
import type { Firmware, FirmwareQuery } from '../types';
import { FIRMWARE_PERMISSIONS, useDeleteFirmwaresMutation, useGetFirmwaresQuery } from '../upgradeApi';
import { useFirmwareColumns, useFirmwareSearchFields } from './columns';
import FirmwareFormDialog from './FirmwareFormDialog';
import '../i18n';

/**
 * Gateway versions (`lighting/gateway/version`): the firmware library. Search by version and
 * gateway type, upload a .bin (checked before it is sent), edit an uploaded one's notes, delete
 * after a confirmation (the server refuses a firmware a running or paused campaign uses, and
 * its msg is shown).
 */
export default function VersionPage() {
  const { t } = useTranslation();
  const [deleteFirmwares] = useDeleteFirmwaresMutation();
  return (
    <ListPage<Firmware, FirmwareQuery>
      rowKey="firmwareId" rowName={(firmware) => firmware.version} useList={useGetFirmwaresQuery}
      columns={useFirmwareColumns()} searchFields={useFirmwareSearchFields()}
      editor={{
        dialog: FirmwareFormDialog,
        add: FIRMWARE_PERMISSIONS.add,
        addLabel: t('lighting.firmware.upload'),
        addIcon: <UploadOutlined aria-hidden />,
        edit: FIRMWARE_PERMISSIONS.edit,
      }}
      remove={{
        permission: FIRMWARE_PERMISSIONS.remove,
        question: (firmware) => t('lighting.firmware.deleteConfirm', { name: firmware.version }),
        run: (firmwares) => deleteFirmwares(firmwares.map((firmware) => firmware.firmwareId)).unwrap(),
      }}
    />
  );
}
