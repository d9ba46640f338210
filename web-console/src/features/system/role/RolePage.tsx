import { useState } from 'react';
import { SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ListPage, type RowAction } from '../../../components/listPage';
import type { RoutePageProps } from '../../../routes/pageProps';
import { ROLE_AUTH_USER_COMPONENT, subPagePath } from '../../../routes/subPages';
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
 * with the menu-permission tree, the data scope, the users holding the role (a sub-page, as
 * RuoYi's authUser), enable or disable, delete (a role held by a user is refused with the
 * server's message), export.
 */
export default function RolePage({ route }: RoutePageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
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
    {
      key: 'authUser',
      label: t('system.role.authUser.action'),
      permission: 'system:role:edit',
      icon: <UserOutlined aria-hidden />,
      ariaLabel: (role) => t('system.role.authUser.of', { name: role.roleName }),
      when: changeable,
      run: (role) => void navigate(subPagePath(route?.path ?? pathname, ROLE_AUTH_USER_COMPONENT, { roleId: role.roleId })),
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
