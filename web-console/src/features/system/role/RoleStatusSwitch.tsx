import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../app/feedback';
import { confirmThen } from '../../../components/listPage';
import { useAccess } from '../../auth/useAccess';
import { useChangeRoleStatusMutation } from '../api';
import type { Role } from '../types';
import '../i18n';

/**
 * The role's status as a switch: asks first, then PUT /system/role/changeStatus; needs
 * system:role:edit. The super administrator role cannot be disabled.
 */
export default function RoleStatusSwitch({ role }: { role: Role }) {
  const { t } = useTranslation();
  const access = useAccess();
  const [changeStatus, { isLoading }] = useChangeRoleStatusMutation();
  const enabled = role.status === '0';
  const change = () => {
    const status = enabled ? '1' : '0';
    const action = enabled ? t('system.role.disable') : t('system.role.enable');
    confirmThen(t('system.role.statusConfirm', { action, name: role.roleName }), async () => {
      await changeStatus({ roleId: role.roleId, status }).unwrap();
      showMessage('success', enabled ? t('system.role.disabled') : t('system.role.enabled'));
    });
  };
  return (
    <Switch
      checked={enabled}
      loading={isLoading}
      disabled={role.admin || !access.hasPermi(['system:role:edit'])}
      aria-label={t('system.role.statusOf', { name: role.roleName })}
      onChange={change}
    />
  );
}
