import { CaretRightOutlined, ScheduleOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../app/feedback';
import { ListPage, type RowAction, type ToolbarAction } from '../../../components/listPage';
import { useDeleteJobsMutation, useGetJobsQuery, useRunJobMutation } from '../api';
import { useJobLogPath } from '../shared/jobLogPath';
import type { Job, JobQuery } from '../types';
import { useJobColumns, useJobSearchFields } from './columns';
import JobFormDialog from './JobFormDialog';
import '../i18n';

/** A job on its schedule ("0"): paused first, then edited or deleted (spec section 4). */
const isRunning = (job: Job) => job.status === '0';

/**
 * Scheduled jobs (`monitor/job/index`): search by name, group and status; add and edit (the
 * call target a handler of the registry, the cron expression checked by the server), pause and
 * resume from the status switch, run once now, delete (a paused job), export; "log" opens the
 * job log on that job's runs, the toolbar's on every run.
 */
export default function JobPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logPath = useJobLogPath();
  const [deleteJobs] = useDeleteJobsMutation();
  const [runJob] = useRunJobMutation();

  const actions: RowAction<Job>[] = [
    {
      key: 'run',
      label: t('monitor.job.run'),
      permission: 'monitor:job:edit',
      icon: <CaretRightOutlined aria-hidden />,
      ariaLabel: (job) => t('monitor.job.runOf', { name: job.jobName }),
      confirm: (job) => t('monitor.job.runConfirm', { name: job.jobName }),
      run: async (job) => {
        await runJob({ jobId: job.jobId, jobGroup: job.jobGroup }).unwrap();
        showMessage('success', t('monitor.job.ran'));
      },
    },
  ];
  const toolbar: ToolbarAction<Job>[] = [];
  if (logPath) {
    actions.push({
      key: 'log',
      label: t('monitor.job.log'),
      permission: 'monitor:jobLog:list',
      icon: <ScheduleOutlined aria-hidden />,
      ariaLabel: (job) => t('monitor.job.logOf', { name: job.jobName }),
      run: (job) => navigate(logPath(job.jobId)),
    });
    toolbar.push({
      key: 'log',
      label: t('monitor.job.log'),
      permission: 'monitor:jobLog:list',
      icon: <ScheduleOutlined aria-hidden />,
      run: () => navigate(logPath()),
    });
  }

  return (
    <ListPage<Job, JobQuery>
      inProject={false} rowKey="jobId" rowName={(job) => job.jobName} useList={useGetJobsQuery}
      columns={useJobColumns()} searchFields={useJobSearchFields()} rowActions={actions} toolbarExtra={toolbar}
      editor={{ dialog: JobFormDialog, add: 'monitor:job:add', edit: 'monitor:job:edit', editable: (job) => !isRunning(job) }}
      remove={{
        permission: 'monitor:job:remove',
        question: (job) => t('monitor.job.deleteConfirm', { name: job.jobName }),
        run: async (jobs) => {
          const running = jobs.find(isRunning);
          if (running) throw new Error(t('monitor.job.pauseFirst', { name: running.jobName }));
          await deleteJobs(jobs.map((job) => job.jobId)).unwrap();
        },
        removable: (job) => !isRunning(job),
      }}
      exportList={{ permission: 'monitor:job:export', url: '/monitor/job/export', filename: () => `job_${Date.now()}.xlsx` }}
    />
  );
}
