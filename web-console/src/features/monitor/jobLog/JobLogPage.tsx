import { useState } from 'react';
import { Alert, Button } from 'antd';
import { ClearOutlined, FileSearchOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../app/feedback';
import { ListPage, type RowAction, type ToolbarAction } from '../../../components/listPage';
import { useAccess } from '../../auth/useAccess';
import { useCleanJobLogsMutation, useDeleteJobLogsMutation, useGetJobLogsQuery, useGetJobQuery } from '../api';
import { JOB_ID_PARAM } from '../shared/jobLogPath';
import type { JobLog, JobLogQuery } from '../types';
import { useJobLogColumns, useJobLogSearchFields } from './columns';
import JobLogDetailDrawer from './JobLogDetailDrawer';
import '../i18n';

/** The job of `?jobId=` (a positive whole number), or undefined. */
function jobIdOf(text: string | null): number | undefined {
  const id = Number(text);
  return text !== null && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * The job log (`monitor/job/log`, a hidden menu entry): every run, newest first, or one job's
 * runs when opened from its row (`?jobId=`), said above the list with a way back to all.
 * Search by name, group, result and days; a run's detail; delete, clean (every entry, after a
 * confirmation), export.
 */
export default function JobLogPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const jobId = jobIdOf(searchParams.get(JOB_ID_PARAM));
  const [detailOf, setDetailOf] = useState<number | undefined>();
  const [deleteLogs] = useDeleteJobLogsMutation();
  const [cleanLogs] = useCleanJobLogsMutation();

  const actions: RowAction<JobLog>[] = [
    {
      key: 'detail',
      label: t('monitor.detail'),
      permission: 'monitor:jobLog:query',
      icon: <FileSearchOutlined aria-hidden />,
      ariaLabel: (log) => t('monitor.detailOf', { name: t('monitor.jobLog.rowName', { id: log.jobLogId }) }),
      run: (log) => setDetailOf(log.jobLogId),
    },
  ];
  const toolbar: ToolbarAction<JobLog>[] = [
    {
      key: 'clean',
      label: t('monitor.clean'),
      permission: 'monitor:jobLog:remove',
      icon: <ClearOutlined aria-hidden />,
      danger: true,
      confirm: () => t('monitor.jobLog.cleanConfirm'),
      run: async () => {
        await cleanLogs().unwrap();
        showMessage('success', t('monitor.cleaned'));
      },
    },
  ];

  return (
    <>
      {jobId !== undefined ? <OneJob jobId={jobId} onShowAll={() => setSearchParams({})} /> : null}
      <ListPage<JobLog, JobLogQuery>
        inProject={false} rowKey="jobLogId" rowName={(log) => t('monitor.jobLog.rowName', { id: log.jobLogId })} useList={useGetJobLogsQuery}
        filters={{ jobId }} columns={useJobLogColumns()} searchFields={useJobLogSearchFields()} rowActions={actions} toolbarExtra={toolbar}
        remove={{
          permission: 'monitor:jobLog:remove',
          question: (log) => t('monitor.jobLog.deleteConfirm', { id: log.jobLogId }),
          run: (logs) => deleteLogs(logs.map((log) => log.jobLogId)).unwrap(),
        }}
        exportList={{ permission: 'monitor:jobLog:export', url: '/monitor/jobLog/export', filename: () => `job_log_${Date.now()}.xlsx` }}
      >
        {detailOf !== undefined ? <JobLogDetailDrawer jobLogId={detailOf} onClose={() => setDetailOf(undefined)} /> : null}
      </ListPage>
    </>
  );
}

/** Which job's runs are shown (its name when the user may read the job), and the way to every run. */
function OneJob({ jobId, onShowAll }: { jobId: number; onShowAll: () => void }) {
  const { t } = useTranslation();
  const mayRead = useAccess().hasPermi(['monitor:job:query']);
  const { data: job } = useGetJobQuery(jobId, { skip: !mayRead });
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      message={t('monitor.jobLog.ofJob', { name: job?.jobName ?? `#${jobId}` })}
      action={
        <Button size="small" onClick={onShowAll}>
          {t('monitor.jobLog.showAll')}
        </Button>
      }
    />
  );
}
