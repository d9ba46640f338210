import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { optionLabel } from '../../system/useDictOptions';
import { STATUS_COLOURS, URGENCY_COLOURS, useWorkOrderStatuses, useWorkOrderUrgencies } from './dicts';
import '../i18n';

/** A work order status as a coloured tag (dictionary work_order_status). */
export function StatusTag({ status }: { status: string }) {
  const statuses = useWorkOrderStatuses();
  return <Tag color={STATUS_COLOURS[status] ?? 'default'}>{optionLabel(statuses, status)}</Tag>;
}

/** An urgency as a coloured tag (dictionary work_order_urgency). */
export function UrgencyTag({ urgency }: { urgency: string }) {
  const urgencies = useWorkOrderUrgencies();
  return <Tag color={URGENCY_COLOURS[urgency] ?? 'default'}>{optionLabel(urgencies, urgency)}</Tag>;
}

/** The red "overdue" tag of an open order past its due time. */
export function OverdueTag() {
  const { t } = useTranslation();
  return <Tag color="red">{t('operation.workOrder.overdue')}</Tag>;
}
