import { useTranslation } from 'react-i18next';
import type { ListColumn, SearchField } from '../../../components/listPage';
import { useNormalDisable } from '../shared/dicts';
import type { User, UserQuery } from '../types';
import StatusSwitch from './StatusSwitch';
import '../i18n';

/** The user list's columns. */
export function useUserColumns(): ListColumn<User>[] {
  const { t } = useTranslation();
  return [
    { key: 'userId', title: t('system.user.userId') },
    { key: 'userName', title: t('system.user.userName') },
    { key: 'nickName', title: t('system.user.nickName') },
    { key: 'dept', title: t('system.user.dept'), render: (dept: User['dept']) => dept?.deptName ?? '' },
    { key: 'phonenumber', title: t('system.user.phonenumber') },
    { key: 'email', title: t('system.user.email'), hidden: true },
    { key: 'status', title: t('system.user.status'), render: (_status: string, user) => <StatusSwitch user={user} /> },
    { key: 'createTime', title: t('system.user.createTime') },
  ];
}

/** The user list's search fields: account, phone, status, creation time (RuoYi's params[beginTime] and params[endTime]). */
export function useUserSearchFields(): SearchField<UserQuery>[] {
  const { t } = useTranslation();
  return [
    { kind: 'text', name: 'userName', label: t('system.user.userName') },
    { kind: 'text', name: 'phonenumber', label: t('system.user.phonenumber') },
    { kind: 'select', name: 'status', label: t('system.user.status'), options: useNormalDisable() },
    { kind: 'dateTimeRange', name: 'createTime', from: 'params[beginTime]', to: 'params[endTime]', label: t('system.user.createTime'), width: 360 },
  ];
}
