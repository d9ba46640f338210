import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import AppDialog from '../../../../components/AppDialog';
import { optionLabel } from '../../../system/useDictOptions';
import type { InspectionDealt } from '../../types';
import { useTaskStatuses } from '../dicts';
import '../../i18n';

/** What dealing with a task gave: its new status and the numbers of the work orders raised for its abnormal points. */
export default function DealtDialog({ dealt, onClose }: { dealt: InspectionDealt; onClose: () => void }) {
  const { t } = useTranslation();
  const statuses = useTaskStatuses();
  return (
    <AppDialog open title={t('operation.inspection.task.resultTitle')} onCancel={onClose}
      footer={<Button type="primary" onClick={onClose}>{t('common.confirm')}</Button>}>
      <Space direction="vertical">
        <Typography.Text>{t('operation.inspection.task.resultStatus', { status: optionLabel(statuses, dealt.status) })}</Typography.Text>
        {dealt.workOrders.length > 0 ? (
          <div>
            <Typography.Text>{t('operation.inspection.task.workOrdersOpened')}</Typography.Text>
            <ul aria-label={t('operation.inspection.task.workOrdersOpened')} style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
              {dealt.workOrders.map((number) => (
                <li key={number}>
                  <Typography.Text copyable>{number}</Typography.Text>
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <Typography.Text type="secondary">{t('operation.inspection.task.noWorkOrders')}</Typography.Text>
        )}
      </Space>
    </AppDialog>
  );
}
