import { useCallback, useMemo, useRef, useState } from 'react';
import { Button, Col, Flex, Row } from 'antd';
import { DownloadOutlined, KeyOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { download } from '../../../api/download';
import { HasPermi } from '../../../components/Access';
import { ListPage, type RowAction } from '../../../components/listPage';
import { useDeleteUsersMutation } from '../api';
import type { User, UserQuery } from '../types';
import { useUserColumns, useUserSearchFields } from './columns';
import ImportDialog from './ImportDialog';
import OrgTree from './OrgTree';
import ResetPasswordDialog from './ResetPasswordDialog';
import UserFormDialog from './UserFormDialog';
import { exportFilters, useUserList, UserListContext } from './userList';
import '../i18n';

/**
 * Users (`system/user/index`): the organization tree beside the list (a click shows that
 * organization and everything under it), search by account, phone, status and creation
 * time; add, edit, delete, enable or disable, reset the password, import and export.
 */
export default function UserPage() {
  const { t } = useTranslation();
  const [deptId, setDeptId] = useState<number | undefined>();
  const [resetting, setResetting] = useState<User | undefined>();
  const [importing, setImporting] = useState(false);
  const [deleteUsers] = useDeleteUsersMutation();
  const lastQuery = useRef<UserQuery | undefined>(undefined);
  const onQuery = useCallback((query: UserQuery) => {
    lastQuery.current = query;
  }, []);
  const listState = useMemo(() => ({ deptId, onQuery }), [deptId, onQuery]);
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
  const exportUsers = () => void download('/system/user/export', exportFilters(lastQuery.current), `user_${Date.now()}.xlsx`);

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={6} xl={5}>
        <OrgTree deptId={deptId} onSelect={setDeptId} />
      </Col>
      <Col xs={24} lg={18} xl={19}>
        <Flex gap={8} style={{ marginBottom: 12 }}>
          <HasPermi value={['system:user:import']}>
            <Button icon={<UploadOutlined aria-hidden />} onClick={() => setImporting(true)}>
              {t('system.user.import')}
            </Button>
          </HasPermi>
          <HasPermi value={['system:user:export']}>
            <Button icon={<DownloadOutlined aria-hidden />} onClick={exportUsers}>
              {t('common.export')}
            </Button>
          </HasPermi>
        </Flex>
        <UserListContext.Provider value={listState}>
          {/* a new organization starts a new search: page 1, the form cleared */}
          <ListPage<User, UserQuery>
            key={deptId ?? 'all'} inProject={false} rowKey="userId" rowName={(user) => user.userName} useList={useUserList}
            columns={useUserColumns()} searchFields={useUserSearchFields()} rowActions={actions}
            editor={{ dialog: UserFormDialog, add: 'system:user:add', edit: 'system:user:edit' }}
            remove={{
              permission: 'system:user:remove',
              question: (user) => t('system.user.deleteConfirm', { name: user.userName }),
              run: (users) => deleteUsers(users.map((user) => user.userId)).unwrap(),
            }}
          >
            {resetting ? <ResetPasswordDialog user={resetting} onClose={() => setResetting(undefined)} /> : null}
            {importing ? <ImportDialog onClose={() => setImporting(false)} /> : null}
          </ListPage>
        </UserListContext.Provider>
      </Col>
    </Row>
  );
}
