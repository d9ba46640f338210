import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { presentFailure } from '../../../../api/presenter';
import { showMessage } from '../../../../app/feedback';
import AppDialog from '../../../../components/AppDialog';
import { ListPage } from '../../../../components/listPage';
import { useGetUnallocatedUsersQuery, useGrantRoleUsersMutation } from '../../api';
import type { RoleUser, RoleUserQuery } from '../../types';
import { useRoleUserColumns, useRoleUserSearchFields } from './columns';
import '../../i18n';

/**
 * The users who do not hold the role (GET authUser/unallocatedList, in the caller's data scope),
 * searched by account and phone, paged; the selected ones are granted the role at OK (PUT
 * authUser/selectAll). A refusal is the server's message; the dialog stays open.
 */
export default function SelectUsersDialog({ roleId, onClose }: { roleId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<RoleUser[]>([]);
  const [grant, { isLoading }] = useGrantRoleUsersMutation();

  const save = async () => {
    if (selected.length === 0) {
      showMessage('warning', t('system.role.authUser.selectRequired'));
      return;
    }
    try {
      await grant({ roleId, userIds: selected.map((user) => user.userId) }).unwrap();
    } catch (error) {
      presentFailure(error);
      return;
    }
    showMessage('success', t('system.role.authUser.granted'));
    onClose();
  };

  return (
    <AppDialog open size="half" title={t('system.role.authUser.selectTitle')} okText={t('common.confirm')} cancelText={t('common.cancel')}
      confirmLoading={isLoading} onOk={() => void save()} onCancel={onClose}>
      <ListPage<RoleUser, RoleUserQuery>
        inProject={false} rowKey="userId" rowName={(user) => user.userName} useList={useGetUnallocatedUsersQuery}
        filters={{ roleId }} columns={useRoleUserColumns()} searchFields={useRoleUserSearchFields()} onSelect={setSelected}
      />
    </AppDialog>
  );
}
