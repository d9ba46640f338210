import { useState } from 'react';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ListPage, type ToolbarAction } from '../../../components/listPage';
import { useDeleteDevicesMutation, useGetDevicesQuery } from '../api';
import type { Device, DeviceQuery } from '../types';
import { useDeviceColumns, useDeviceSearchFields } from './columns';
import DeviceFormDialog from './DeviceFormDialog';
import ImportDialog from './ImportDialog';
import '../i18n';

/**
 * Devices (`device/device/index`): search by name, code, type, gateway, group and status; page
 * (by code); add, edit, delete after confirmation; export the filtered list and import a sheet.
 * A gateway's empty list says 'No modules mounted under this gateway.' (spec section 8).
 */
export default function DevicePage() {
  const { t } = useTranslation();
  const [importing, setImporting] = useState(false);
  const [deleteDevices] = useDeleteDevicesMutation();
  const toolbar: ToolbarAction<Device>[] = [
    { key: 'import', label: t('device.device.import.action'), permission: 'device:device:import', icon: <UploadOutlined aria-hidden />, run: () => setImporting(true) },
  ];
  return (
    <ListPage<Device, DeviceQuery>
      rowKey="deviceId" rowName={(device) => device.deviceName} useList={useGetDevicesQuery}
      columns={useDeviceColumns()} searchFields={useDeviceSearchFields()} toolbarExtra={toolbar}
      editor={{ dialog: DeviceFormDialog, add: 'device:device:add', edit: 'device:device:edit' }}
      remove={{
        permission: 'device:device:remove',
        question: (device) => t('device.device.deleteConfirm', { name: device.deviceName }),
        run: (devices) => deleteDevices(devices.map((device) => device.deviceId)).unwrap(),
      }}
      exportList={{ permission: 'device:device:export', url: '/device/device/export', filename: () => `device_${Date.now()}.xlsx` }}
      emptyText={(query) => (query.gatewayId === undefined ? undefined : t('device.device.noModules'))}
    >
      {importing ? <ImportDialog onClose={() => setImporting(false)} /> : null}
    </ListPage>
  );
}
