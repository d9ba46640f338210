import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../app/feedback';
import { confirmThen } from '../../../components/listPage';
import { useAccess } from '../../auth/useAccess';
import { useChangeJobStatusMutation } from '../api';
import type { Job } from '../types';
import '../i18n';

/** Resumes or pauses a job: asks first, then PUT /monitor/job/changeStatus; needs monitor:job:edit. */
export default function JobStatusSwitch({ job }: { job: Job }) {
  const { t } = useTranslation();
  const access = useAccess();
  const [changeStatus, { isLoading }] = useChangeJobStatusMutation();
  const running = job.status === '0';
  const change = () => {
    const status = running ? '1' : '0';
    const action = running ? t('monitor.job.pause') : t('monitor.job.resume');
    confirmThen(t('monitor.job.statusConfirm', { action, name: job.jobName }), async () => {
      await changeStatus({ jobId: job.jobId, status }).unwrap();
      showMessage('success', running ? t('monitor.job.paused') : t('monitor.job.resumed'));
    });
  };
  return (
    <Switch
      checked={running}
      loading={isLoading}
      disabled={!access.hasPermi(['monitor:job:edit'])}
      aria-label={t('monitor.job.statusOf', { name: job.jobName })}
      onChange={change}
    />
  );
}
