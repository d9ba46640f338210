import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/listPage';
import { useGetDeviceCommandsQuery } from '../api';
import type { DeviceCommand, DeviceCommandQuery } from '../types';
import { useCommandColumns, useCommandSearchFields } from './columns';
import '../i18n';

/**
 * The command log (`device/command/index`): every command sent to the project's gateways,
 * newest first, an operator's (real-time, one-key and group control, task issue) and the
 * plan's own (shown as asked by the plan executor), with how each went; searched by gateway,
 * loop, action, source, result, user and days. Read only: no buttons of its own.
 */
export default function CommandPage() {
  const { t } = useTranslation();
  return (
    <ListPage<DeviceCommand, DeviceCommandQuery>
      rowKey="commandId" rowName={(command) => t('device.command.rowName', { id: command.commandId })} useList={useGetDeviceCommandsQuery}
      columns={useCommandColumns()} searchFields={useCommandSearchFields()}
    />
  );
}
