import { useTranslation } from 'react-i18next';
import AsEntered from '../../../../components/AsEntered';
import type { ListColumn, SearchField } from '../../../../components/listPage';
import StatusTag from '../../shared/StatusTag';
import type { RoleUser, RoleUserQuery } from '../../types';
import '../../i18n';

/** The columns of a role's users, and of the users to add (RuoYi's authUser and selectUser). */
export function useRoleUserColumns(): ListColumn<RoleUser>[] {
  const { t } = useTranslation();
  return [
    { key: 'userName', title: t('system.user.userName'), render: (name: string) => <AsEntered text={name} /> },
    { key: 'nickName', title: t('system.user.nickName'), render: (name: string) => <AsEntered text={name} /> },
    { key: 'email', title: t('system.user.email') },
    { key: 'phonenumber', title: t('system.user.phonenumber') },
    { key: 'status', title: t('system.user.status'), render: (status: string) => <StatusTag status={status} /> },
    { key: 'createTime', title: t('system.user.createTime') },
  ];
}

/** Their search fields: account and phone. */
export function useRoleUserSearchFields(): SearchField<RoleUserQuery>[] {
  const { t } = useTranslation();
  return [
    { kind: 'text', name: 'userName', label: t('system.user.userName') },
    { kind: 'text', name: 'phonenumber', label: t('system.user.phonenumber') },
  ];
}
