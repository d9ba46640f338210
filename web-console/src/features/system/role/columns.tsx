import { useTranslation } from 'react-i18next';
import type { ListColumn, SearchField } from '../../../components/listPage';
import { useNormalDisable } from '../shared/dicts';
import type { Role, RoleQuery } from '../types';
import { DATA_SCOPES } from './formValues';
import RoleStatusSwitch from './RoleStatusSwitch';
import '../i18n';

/** The role list's columns (the data scope shown on demand). */
export function useRoleColumns(): ListColumn<Role>[] {
  const { t } = useTranslation();
  return [
    { key: 'roleId', title: t('system.role.roleId') },
    { key: 'roleName', title: t('system.role.roleName') },
    { key: 'roleKey', title: t('system.role.roleKey') },
    { key: 'roleSort', title: t('system.role.roleSort') },
    {
      key: 'dataScope',
      title: t('system.role.dataScope'),
      hidden: true,
      render: (scope: Role['dataScope']) => (DATA_SCOPES.includes(scope) ? t(`system.role.dataScopes.${scope}`) : scope),
    },
    { key: 'status', title: t('system.role.status'), render: (_status: string, role) => <RoleStatusSwitch role={role} /> },
    { key: 'createTime', title: t('system.role.createTime') },
  ];
}

/** The role list's search fields: name, key, status, creation time (RuoYi's params[beginTime] and params[endTime]). */
export function useRoleSearchFields(): SearchField<RoleQuery>[] {
  const { t } = useTranslation();
  return [
    { kind: 'text', name: 'roleName', label: t('system.role.roleName'), placeholder: t('system.role.roleNamePlaceholder') },
    { kind: 'text', name: 'roleKey', label: t('system.role.roleKey'), placeholder: t('system.role.roleKeyPlaceholder') },
    { kind: 'select', name: 'status', label: t('system.role.status'), options: useNormalDisable() },
    { kind: 'dateTimeRange', name: 'createTime', from: 'params[beginTime]', to: 'params[endTime]', label: t('system.role.createTime'), width: 360 },
  ];
}
