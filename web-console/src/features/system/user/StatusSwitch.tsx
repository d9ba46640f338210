import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../app/feedback';
import { confirmThen } from '../../../components/listPage';
import { useAccess } from '../../auth/useAccess';
import { useChangeUserStatusMutation } from '../api';
import type { User } from '../types';
import '../i18n';

/** The user's status as a switch: asks first, then PUT /system/user/changeStatus; needs system:user:edit. */
export default function StatusSwitch({ user }: { user: User }) {
  const { t } = useTranslation();
  const access = useAccess();
  const [changeStatus, { isLoading }] = useChangeUserStatusMutation();
  const enabled = user.status === '0';
  const change = () => {
    const status = enabled ? '1' : '0';
    const action = enabled ? t('system.user.disable') : t('system.user.enable');
    confirmThen(t('system.user.statusConfirm', { action, name: user.userName }), async () => {
      await changeStatus({ userId: user.userId, status }).unwrap();
      showMessage('success', enabled ? t('system.user.disabled') : t('system.user.enabled'));
    });
  };
  return (
    <Switch
      checked={enabled}
      loading={isLoading}
      disabled={!access.hasPermi(['system:user:edit'])}
      aria-label={t('system.user.statusOf', { name: user.userName })}
      onChange={change}
    />
  );
}
