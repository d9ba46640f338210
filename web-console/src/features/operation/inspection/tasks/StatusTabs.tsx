import { useId } from 'react';
import { Space, Switch, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { optionLabel } from '../../../system/useDictOptions';
import type { InspectionTaskCounts } from '../../types';
import { useTaskStatuses } from '../dicts';
import { useTaskCounts } from '../useInspection';
import '../../i18n';

/** The tab of every task. */
export const ALL_TAB = 'all';

/** Each status's count in GET /operation/inspection/task/counts. */
const COUNT_OF: ReadonlyArray<readonly [status: string, field: keyof InspectionTaskCounts]> = [
  ['0', 'undoing'],
  ['1', 'doing'],
  ['2', 'finished'],
  ['3', 'expired'],
];

export interface StatusTabsProps {
  /** ALL_TAB or a status. */
  tab: string;
  onTabChange: (tab: string) => void;
  /** Only the tasks of the caller's teams. */
  mine: boolean;
  onMineChange: (mine: boolean) => void;
}

/** The task list's status tabs (all, then each status with its count) and the "only my teams" switch. */
export default function StatusTabs({ tab, onTabChange, mine, onMineChange }: StatusTabsProps) {
  const { t } = useTranslation();
  const statuses = useTaskStatuses();
  const { data: counts } = useTaskCounts();
  const mineId = `onlyMyTeams${useId().replace(/:/g, '')}`;
  const countOf = (field: keyof InspectionTaskCounts) => counts?.[field] ?? 0;
  const total = COUNT_OF.reduce((sum, [, field]) => sum + countOf(field), 0);
  const label = (text: string, count: number) => t('operation.inspection.statusTabs.label', { label: text, count });
  const items = [
    { key: ALL_TAB, label: label(t('operation.inspection.statusTabs.all'), total) },
    ...COUNT_OF.map(([status, field]) => ({ key: status, label: label(optionLabel(statuses, status), countOf(field)) })),
  ];

  return (
    <Tabs
      activeKey={tab}
      onChange={onTabChange}
      items={items}
      tabBarStyle={{ marginBottom: 0 }}
      tabBarExtraContent={
        <Space size="small">
          <Switch id={mineId} size="small" checked={mine} onChange={onMineChange} />
          <label htmlFor={mineId}>{t('operation.inspection.onlyMine')}</label>
        </Space>
      }
    />
  );
}
