import { useTranslation } from 'react-i18next';
import type { Alarm } from '../alarm/types';
import { fromAlarm } from './workOrder/formValues';
import WorkOrderFormDialog from './workOrder/WorkOrderFormDialog';
import './i18n';

/**
 * Opens a work order for an alarm by hand (the real-time alarm list's "转工单"): the
 * work-order screen's own form, prefilled from the alarm (`fromAlarm`). The alarm list loads it
 * lazily, so the work-order code stays out of the alarm pages until it is used.
 */
export default function AlarmWorkOrderDialog({ alarm, onClose }: { alarm: Alarm; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <WorkOrderFormDialog
      title={t('operation.workOrder.dialog.fromAlarm', { name: alarm.alarmName })}
      initialValues={fromAlarm(alarm)}
      onClose={onClose}
    />
  );
}
