import { Badge, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { CountedStatusTabs, MineSwitch } from '../shared/StatusTabs';
import type { WorkOrderCounts } from '../types';
import { useWorkOrderStatuses } from './dicts';
import { useWorkOrderCounts } from './useWorkOrders';
import '../i18n';

export { ALL_TAB } from '../shared/StatusTabs';

/** Each status's count in GET /operation/workOrder/counts. */
const COUNT_OF: ReadonlyArray<readonly [status: string, field: keyof WorkOrderCounts]> = [
  ['0', 'unassigned'],
  ['1', 'inProgress'],
  ['2', 'pendingConfirmation'],
  ['3', 'completed'],
  ['4', 'closed'],
];

export interface StatusTabsProps {
  /** ALL_TAB or a status. */
  tab: string;
  onTabChange: (tab: string) => void;
  /** Only the orders the caller handles. */
  mine: boolean;
  onMineChange: (mine: boolean) => void;
}

/**
 * The list's status tabs (all, then each status with its count), the open orders overdue as a
 * red badge, and the "only mine" switch: filters from outside the list kit.
 */
export default function StatusTabs({ tab, onTabChange, mine, onMineChange }: StatusTabsProps) {
  const { t } = useTranslation();
  const statuses = useWorkOrderStatuses();
  const { data: counts } = useWorkOrderCounts();
  const overdue = counts?.overdue ?? 0;
  return (
    <CountedStatusTabs
      tab={tab}
      onTabChange={onTabChange}
      statuses={statuses}
      counts={COUNT_OF.map(([status, field]) => [status, counts?.[field] ?? 0] as const)}
      allLabel={t('operation.workOrder.tabs.all')}
      tabLabel={(label, count) => t('operation.workOrder.tabs.label', { label, count })}
      extra={
        <Space size="large">
          <Badge status={overdue > 0 ? 'error' : 'default'} text={t('operation.workOrder.tabs.overdue', { count: overdue })} />
          <MineSwitch checked={mine} onChange={onMineChange} label={t('operation.workOrder.onlyMine')} />
        </Space>
      }
    />
  );
}
