import { useState } from 'react';
import { SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ListPage, type RowAction } from '../../../components/listPage';
import { useDeleteRolesMutation, useGetRolesQuery } from '../api';
import type { Role, RoleQuery } from '../types';
import { useRoleColumns, useRoleSearchFields } from './columns';
import DataScopeDialog from './DataScopeDialog';
import RoleFormDialog from './RoleFormDialog';
import '../i18n';

/** The super administrator role has no row actions (RuoYi's rule; the server refuses every change to it). */
const changeable = (role: Role) => !role.admin;

/**
 * Roles (`system/role/index`): search by name, key, status and creation time; add and edit
 * with the menu-permission tree, the data scope, enable or disable, delete (a role held by a
 * user is refused with the server's message), export.
 */
export default function RolePage() {
  const { t } = useTranslation();
  const [scoping, setScoping] = useState<Role | undefined>();
  const [deleteRoles] = useDeleteRolesMutation();
  const actions: RowAction<Role>[] = [
    {
      key: 'dataScope',
      label: t('system.role.dataScopeAction'),
      permission: 'system:role:edit',
      icon: <SafetyOutlined aria-hidden />,
      ariaLabel: (role) => t('system.role.dataScopeOf', { name: role.roleName }),
      when: changeable,
      run: (role) => setScoping(role),
    },
  ];

  return (
    <ListPage<Role, RoleQuery>
      inProject={false} rowKey="roleId" rowName={(role) => role.roleName} useList={useGetRolesQuery}
      columns={useRoleColumns()} searchFields={useRoleSearchFields()} rowActions={actions}
      editor={{ dialog: RoleFormDialog, add: 'system:role:add', edit: 'system:role:edit', editable: changeable }}
      remove={{
        permission: 'system:role:remove',
        removable: changeable,
        question: (role) => t('system.role.deleteConfirm', { name: role.roleName }),
        run: (roles) => deleteRoles(roles.map((role) => role.roleId)).unwrap(),
      }}
      exportList={{ permission: 'system:role:export', url: '/system/role/export', filename: () => `role_${Date.now()}.xlsx` }}
    >
      {scoping ? <DataScopeDialog role={scoping} onClose={() => setScoping(undefined)} /> : null}
    </ListPage>
  );
}
