import { useState } from 'react';
import { Button, Flex, Result, Typography } from 'antd';
import { ArrowLeftOutlined, CloseCircleOutlined, UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { showMessage } from '../../../../app/feedback';
import { ListPage, type RowAction, type ToolbarAction } from '../../../../components/listPage';
import type { RoutePageProps } from '../../../../routes/pageProps';
import { useAccess } from '../../../auth/useAccess';
import { useCancelRoleUserMutation, useCancelRoleUsersMutation, useGetAllocatedUsersQuery, useGetRoleQuery } from '../../api';
import type { RoleUser, RoleUserQuery } from '../../types';
import { useRoleUserColumns, useRoleUserSearchFields } from './columns';
import { roleIdOf, roleListPath } from './roleId';
import SelectUsersDialog from './SelectUsersDialog';
import '../../i18n';

/** The users holding the role: search, cancel one or the selected ones (after a confirmation), add users from a dialog. */
function RoleUsers({ roleId }: { roleId: number }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const [cancelUser] = useCancelRoleUserMutation();
  const [cancelUsers] = useCancelRoleUsersMutation();
  const actions: RowAction<RoleUser>[] = [
    {
      key: 'cancel',
      label: t('system.role.authUser.cancel'),
      permission: 'system:role:edit',
      icon: <CloseCircleOutlined aria-hidden />,
      danger: true,
      ariaLabel: (user) => t('system.role.authUser.cancelOf', { name: user.userName }),
      confirm: (user) => t('system.role.authUser.cancelConfirm', { name: user.userName }),
      run: async (user) => {
        await cancelUser({ roleId, userId: user.userId }).unwrap();
        showMessage('success', t('system.role.authUser.cancelled'));
      },
    },
  ];
  const toolbar: ToolbarAction<RoleUser>[] = [
    {
      key: 'add',
      label: t('system.role.authUser.addUsers'),
      permission: 'system:role:edit',
      icon: <UserAddOutlined aria-hidden />,
      run: () => setAdding(true),
    },
    {
      key: 'cancelSelected',
      label: t('system.role.authUser.cancelSelected'),
      permission: 'system:role:edit',
      icon: <CloseCircleOutlined aria-hidden />,
      danger: true,
      selection: true,
      confirm: (users) => t('system.role.authUser.cancelSelectedConfirm', { count: users.length }),
      run: async (users) => {
        await cancelUsers({ roleId, userIds: users.map((user) => user.userId) }).unwrap();
        showMessage('success', t('system.role.authUser.cancelled'));
      },
    },
  ];
  return (
    <ListPage<RoleUser, RoleUserQuery>
      inProject={false} rowKey="userId" rowName={(user) => user.userName} useList={useGetAllocatedUsersQuery}
      filters={{ roleId }} columns={useRoleUserColumns()} searchFields={useRoleUserSearchFields()}
      rowActions={actions} toolbarExtra={toolbar}
    >
      {adding ? <SelectUsersDialog roleId={roleId} onClose={() => setAdding(false)} /> : null}
    </ListPage>
  );
}

/**
 * A role's user assignment (RuoYi-Vue's `system/role/authUser`, a sub-page of the role list
 * reached from a role's "assign users"): the users holding it, in the caller's data scope
 * (GET authUser/allocatedList); add users (authUser/selectAll), cancel one (authUser/cancel) or
 * the selected ones (authUser/cancelAll). A refusal (the caller's own roles, the administrator's
 * admin role) is the server's message.
 */
export default function AuthUserPage({ route }: RoutePageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const access = useAccess();
  const roleId = roleIdOf(route?.path, pathname);
  // the role's name in the title, for those who may read the role
  const { data: role } = useGetRoleQuery(roleId ?? 0, { skip: roleId === undefined || !access.hasPermi(['system:role:query']) });
  const back = () => void navigate(route?.meta?.activeMenu ?? roleListPath(pathname));

  if (roleId === undefined) {
    return <Result status="404" title={t('system.role.authUser.badRole')} extra={<Button onClick={back}>{t('common.back')}</Button>} />;
  }
  return (
    <Flex vertical gap={12}>
      <Flex align="center" gap={8}>
        <Button type="text" icon={<ArrowLeftOutlined aria-hidden />} onClick={back}>
          {t('common.back')}
        </Button>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {role ? t('system.role.authUser.titleOf', { name: role.roleName }) : t('system.role.authUser.title')}
        </Typography.Title>
      </Flex>
      <RoleUsers key={roleId} roleId={roleId} />
    </Flex>
  );
}
