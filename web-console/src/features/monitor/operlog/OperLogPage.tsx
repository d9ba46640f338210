import { useState } from 'react';
import { ClearOutlined, FileSearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../app/feedback';
import { ListPage, type RowAction, type ToolbarAction } from '../../../components/listPage';
import { useCleanOperLogsMutation, useDeleteOperLogsMutation, useGetOperLogsQuery } from '../api';
import type { OperLog, OperLogQuery } from '../types';
import { useOperLogColumns, useOperLogSearchFields } from './columns';
import OperLogDetailDrawer from './OperLogDetailDrawer';
import '../i18n';

/**
 * The operation log (`monitor/operlog/index`): every write through the API, newest first,
 * searched by module, operator, action, result, address and days; an operation's detail
 * (parameters as sent, secrets hidden by the server); delete, clean (every record, after a
 * confirmation), export.
 */
export default function OperLogPage() {
  const { t } = useTranslation();
  const [detailOf, setDetailOf] = useState<number | undefined>();
  const [deleteLogs] = useDeleteOperLogsMutation();
  const [cleanLogs] = useCleanOperLogsMutation();
  const rowName = (log: OperLog) => t('monitor.operLog.rowName', { id: log.operId });
  const actions: RowAction<OperLog>[] = [
    {
      key: 'detail',
      label: t('monitor.detail'),
      permission: 'monitor:operlog:query',
      icon: <FileSearchOutlined aria-hidden />,
      ariaLabel: (log) => t('monitor.detailOf', { name: rowName(log) }),
      run: (log) => setDetailOf(log.operId),
    },
  ];
  const toolbar: ToolbarAction<OperLog>[] = [
    {
      key: 'clean',
      label: t('monitor.clean'),
      permission: 'monitor:operlog:remove',
      icon: <ClearOutlined aria-hidden />,
      danger: true,
      confirm: () => t('monitor.operLog.cleanConfirm'),
      run: async () => {
        await cleanLogs().unwrap();
        showMessage('success', t('monitor.cleaned'));
      },
    },
  ];

  return (
    <ListPage<OperLog, OperLogQuery>
      inProject={false} rowKey="operId" rowName={rowName} useList={useGetOperLogsQuery}
      columns={useOperLogColumns()} searchFields={useOperLogSearchFields()} rowActions={actions} toolbarExtra={toolbar}
      remove={{
        permission: 'monitor:operlog:remove',
        question: (log) => t('monitor.operLog.deleteConfirm', { id: log.operId }),
        run: (logs) => deleteLogs(logs.map((log) => log.operId)).unwrap(),
      }}
      exportList={{ permission: 'monitor:operlog:export', url: '/monitor/operlog/export', filename: () => `operlog_${Date.now()}.xlsx` }}
    >
      {detailOf !== undefined ? <OperLogDetailDrawer operId={detailOf} onClose={() => setDetailOf(undefined)} /> : null}
    </ListPage>
  );
}
