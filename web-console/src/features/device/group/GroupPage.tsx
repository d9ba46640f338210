import { useState } from 'react';
import { ThunderboltOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ListPage, type RowAction } from '../../../components/listPage';
import { useDeleteDeviceGroupsMutation, useGetDeviceGroupsQuery } from '../api';
import type { DeviceGroup, DeviceGroupQuery } from '../types';
import { useGroupColumns, useGroupSearchFields } from './columns';
import GroupControlDialog from './GroupControlDialog';
import GroupFormDialog from './GroupFormDialog';
import '../i18n';

/**
 * Device groups (`device/group/index`): search by name, page (by name), add and edit with the
 * group's devices, delete after confirmation (the devices stay), and switch a group's devices
 * on or off.
 */
export default function GroupPage() {
  const { t } = useTranslation();
  const [controlling, setControlling] = useState<DeviceGroup | undefined>();
  const [deleteGroups] = useDeleteDeviceGroupsMutation();
  const actions: RowAction<DeviceGroup>[] = [
    {
      key: 'control',
      label: t('device.group.control.action'),
      permission: 'device:group:control',
      icon: <ThunderboltOutlined aria-hidden />,
      ariaLabel: (group) => t('device.group.control.actionOf', { name: group.groupName }),
      run: (group) => setControlling(group),
    },
  ];
  return (
    <ListPage<DeviceGroup, DeviceGroupQuery>
      rowKey="groupId" rowName={(group) => group.groupName} useList={useGetDeviceGroupsQuery}
      columns={useGroupColumns()} searchFields={useGroupSearchFields()} rowActions={actions}
      editor={{ dialog: GroupFormDialog, add: 'device:group:add', edit: 'device:group:edit' }}
      remove={{
        permission: 'device:group:remove',
        question: (group) => t('device.group.deleteConfirm', { name: group.groupName }),
        run: (groups) => deleteGroups(groups.map((group) => group.groupId)).unwrap(),
      }}
    >
      {controlling ? <GroupControlDialog key={controlling.groupId} group={controlling} onClose={() => setControlling(undefined)} /> : null}
    </ListPage>
  );
}
