import { ClearOutlined, UnlockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../app/feedback';
import { ListPage, type ToolbarAction } from '../../../components/listPage';
import { useCleanLoginLogsMutation, useDeleteLoginLogsMutation, useGetLoginLogsQuery, useUnlockAccountMutation } from '../api';
import type { LoginLog, LoginLogQuery } from '../types';
import { useLoginLogColumns, useLoginLogSearchFields } from './columns';
import '../i18n';

/**
 * The login log (`monitor/logininfor/index`): sign-ins and sign-outs, newest first, searched by
 * address, account, result and days; delete, clean (every entry, after a confirmation),
 * unlock the account of the one selected row (locked by wrong passwords), export.
 */
export default function LoginLogPage() {
  const { t } = useTranslation();
  const [deleteLogs] = useDeleteLoginLogsMutation();
  const [cleanLogs] = useCleanLoginLogsMutation();
  const [unlock] = useUnlockAccountMutation();
  const toolbar: ToolbarAction<LoginLog>[] = [
    {
      key: 'clean',
      label: t('monitor.clean'),
      permission: 'monitor:logininfor:remove',
      icon: <ClearOutlined aria-hidden />,
      danger: true,
      confirm: () => t('monitor.loginLog.cleanConfirm'),
      run: async () => {
        await cleanLogs().unwrap();
        showMessage('success', t('monitor.cleaned'));
      },
    },
    {
      key: 'unlock',
      label: t('monitor.loginLog.unlock'),
      permission: 'monitor:logininfor:unlock',
      icon: <UnlockOutlined aria-hidden />,
      disabled: (selected) => selected.length !== 1,
      confirm: ([log]) => t('monitor.loginLog.unlockConfirm', { name: log?.userName ?? '' }),
      run: async ([log]) => {
        if (!log) return;
        await unlock(log.userName).unwrap();
        showMessage('success', t('monitor.loginLog.unlocked', { name: log.userName }));
      },
    },
  ];

  return (
    <ListPage<LoginLog, LoginLogQuery>
      inProject={false} rowKey="infoId" rowName={(log) => t('monitor.loginLog.rowName', { id: log.infoId })} useList={useGetLoginLogsQuery}
      columns={useLoginLogColumns()} searchFields={useLoginLogSearchFields()} toolbarExtra={toolbar}
      remove={{
        permission: 'monitor:logininfor:remove',
        question: (log) => t('monitor.loginLog.deleteConfirm', { id: log.infoId }),
        run: (logs) => deleteLogs(logs.map((log) => log.infoId)).unwrap(),
      }}
      exportList={{ permission: 'monitor:logininfor:export', url: '/monitor/logininfor/export', filename: () => `logininfor_${Date.now()}.xlsx` }}
    />
  );
}
