import { useTranslation } from 'react-i18next';
import { CountedStatusTabs, MineSwitch } from '../../shared/StatusTabs';
import type { InspectionTaskCounts } from '../../types';
import { useTaskStatuses } from '../dicts';
import { useTaskCounts } from '../useInspection';
import '../../i18n';

export { ALL_TAB } from '../../shared/StatusTabs';

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
  return (
    <CountedStatusTabs
      tab={tab}
      onTabChange={onTabChange}
      statuses={statuses}
      counts={COUNT_OF.map(([status, field]) => [status, counts?.[field] ?? 0] as const)}
      allLabel={t('operation.inspection.statusTabs.all')}
      tabLabel={(label, count) => t('operation.inspection.statusTabs.label', { label, count })}
      extra={<MineSwitch checked={mine} onChange={onMineChange} label={t('operation.inspection.onlyMine')} />}
    />
  );
}
