import { useState } from 'react';
import { Col, Row } from 'antd';
import { KeyOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ListPage, type RowAction, type ToolbarAction } from '../../../components/listPage';
import { useDeleteUsersMutation, useGetUsersQuery } from '../api';
import type { User, UserQuery } from '../types';
import { useUserColumns, useUserSearchFields } from './columns';
import ImportDialog from './ImportDialog';
import OrgTree from './OrgTree';
import ResetPasswordDialog from './ResetPasswordDialog';
import UserFormDialog from './UserFormDialog';
import '../i18n';

/**
 * Users (`system/user/index`): the organization tree beside the list (a click shows that
 * organization and everything under it, keeping the search form), search by account, phone,
 * status and creation time; add, edit, delete, enable or disable, reset the password, import
 * and export (with the organization chosen).
 */
export default function UserPage() {
  const { t } = useTranslation();
  const [deptId, setDeptId] = useState<number | undefined>();
  const [resetting, setResetting] = useState<User | undefined>();
  const [importing, setImporting] = useState(false);
  const [deleteUsers] = useDeleteUsersMutation();
  const actions: RowAction<User>[] = [
    {
      key: 'resetPwd',
      label: t('system.user.resetPassword.action'),
      permission: 'system:user:resetPwd',
      icon: <KeyOutlined aria-hidden />,
      ariaLabel: (user) => t('system.user.resetPassword.of', { name: user.userName }),
      run: (user) => setResetting(user),
    },
  ];
  const toolbar: ToolbarAction<User>[] = [
    { key: 'import', label: t('system.user.import'), permission: 'system:user:import', icon: <UploadOutlined aria-hidden />, run: () => setImporting(true) },
  ];

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={6} xl={5}>
        <OrgTree deptId={deptId} onSelect={setDeptId} />
      </Col>
      <Col xs={24} lg={18} xl={19}>
        <ListPage<User, UserQuery>
          inProject={false} rowKey="userId" rowName={(user) => user.userName} useList={useGetUsersQuery} filters={{ deptId }}
          columns={useUserColumns()} searchFields={useUserSearchFields()} rowActions={actions} toolbarExtra={toolbar}
          editor={{ dialog: UserFormDialog, add: 'system:user:add', edit: 'system:user:edit' }}
          remove={{
            permission: 'system:user:remove',
            question: (user) => t('system.user.deleteConfirm', { name: user.userName }),
            run: (users) => deleteUsers(users.map((user) => user.userId)).unwrap(),
          }}
          exportList={{ permission: 'system:user:export', url: '/system/user/export', filename: () => `user_${Date.now()}.xlsx` }}
        >
          {resetting ? <ResetPasswordDialog user={resetting} onClose={() => setResetting(undefined)} /> : null}
          {importing ? <ImportDialog onClose={() => setImporting(false)} /> : null}
        </ListPage>
      </Col>
    </Row>
  );
}
