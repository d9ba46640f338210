import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../app/feedback';
import { confirmThen } from '../../../components/listPage';
import { useAccess } from '../../auth/useAccess';
import { useEnableProjectMutation } from '../infoApi';
import type { Project } from '../types';
import '../i18n';

/**
 * The project's switch: asks first, then PUT /project/project/enable/{id}; needs
 * project:project:edit. A disabled project leaves the project picker.
 */
export default function EnabledSwitch({ project }: { project: Project }) {
  const { t } = useTranslation();
  const access = useAccess();
  const [enableProject, { isLoading }] = useEnableProjectMutation();
  const enabled = project.enabled === '1';
  const change = () => {
    const action = enabled ? t('project.info.disable') : t('project.info.enable');
    confirmThen(t('project.info.enableConfirm', { action, name: project.projectName }), async () => {
      await enableProject({ id: project.id, enabled: enabled ? '0' : '1' }).unwrap();
      showMessage('success', enabled ? t('project.info.disabled') : t('project.info.enabledDone'));
    });
  };
  return (
    <Switch checked={enabled} loading={isLoading} disabled={!access.hasPermi(['project:project:edit'])}
      aria-label={t('project.info.enabledOf', { name: project.projectName })} onChange={change} />
  );
}
