import { useId } from 'react';
import { Badge, Space, Switch, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { optionLabel } from '../../system/useDictOptions';
import type { WorkOrderCounts } from '../types';
import { useWorkOrderStatuses } from './dicts';
import { useWorkOrderCounts } from './useWorkOrders';
import '../i18n';

/** The tab of every order. */
export const ALL_TAB = 'all';

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
  const mineId = `onlyMine${useId().replace(/:/g, '')}`;
  const countOf = (field: keyof WorkOrderCounts) => counts?.[field] ?? 0;
  const total = COUNT_OF.reduce((sum, [, field]) => sum + countOf(field), 0);
  const label = (text: string, count: number) => t('operation.workOrder.tabs.label', { label: text, count });
  const items = [
    { key: ALL_TAB, label: label(t('operation.workOrder.tabs.all'), total) },
    ...COUNT_OF.map(([status, field]) => ({ key: status, label: label(optionLabel(statuses, status), countOf(field)) })),
  ];

  return (
    <Tabs
      activeKey={tab}
      onChange={onTabChange}
      items={items}
      tabBarStyle={{ marginBottom: 0 }}
      tabBarExtraContent={
        <Space size="large">
          <Badge status={countOf('overdue') > 0 ? 'error' : 'default'} text={t('operation.workOrder.tabs.overdue', { count: countOf('overdue') })} />
          <Space size="small">
            <Switch id={mineId} size="small" checked={mine} onChange={onMineChange} />
            <label htmlFor={mineId}>{t('operation.workOrder.onlyMine')}</label>
          </Space>
        </Space>
      }
    />
  );
}
