import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../app/feedback';
import { confirmThen } from '../../../components/listPage';
import { useAccess } from '../../auth/useAccess';
import { useChangeTaskStatusMutation } from '../api';
import type { Task } from '../types';
import '../i18n';

/** Enables or disables a task: asks first, then PUT /lighting/task/changeStatus; needs lighting:task:edit. */
export default function TaskStatusSwitch({ task }: { task: Task }) {
  const { t } = useTranslation();
  const access = useAccess();
  const [changeStatus, { isLoading }] = useChangeTaskStatusMutation();
  const enabled = task.enabled === '1';
  const change = () => {
    const question = enabled ? 'lighting.task.disableConfirm' : 'lighting.task.enableConfirm';
    confirmThen(t(question, { name: task.taskName }), async () => {
      await changeStatus({ taskId: task.taskId, enabled: enabled ? '0' : '1' }).unwrap();
      showMessage('success', enabled ? t('lighting.task.disabledDone') : t('lighting.task.enabledDone'));
    });
  };
  return (
    <Switch
      checked={enabled}
      loading={isLoading}
      disabled={!access.hasPermi(['lighting:task:edit'])}
      aria-label={t('lighting.task.enabledOf', { name: task.taskName })}
      onChange={change}
    />
  );
}
