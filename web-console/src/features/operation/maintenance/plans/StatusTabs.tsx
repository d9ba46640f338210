import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { CountedStatusTabs } from '../../shared/StatusTabs';
import type { MaintenancePlanCounts } from '../../types';
import { useMaintenanceStatuses } from '../dicts';
import { usePlanCounts } from '../useMaintenance';
import '../../i18n';

export { ALL_TAB } from '../../shared/StatusTabs';

/** Each status's count in GET /operation/maintenance/plan/counts. */
const COUNT_OF: ReadonlyArray<readonly [status: string, field: keyof MaintenancePlanCounts]> = [
  ['0', 'unfinished'],
  ['1', 'finished'],
];

export interface StatusTabsProps {
  /** ALL_TAB or a status. */
  tab: string;
  onTabChange: (tab: string) => void;
}

/** The plan list's status tabs (all, unfinished, finished, each with its count) and the unfinished plans overdue as a red badge. */
export default function StatusTabs({ tab, onTabChange }: StatusTabsProps) {
  const { t } = useTranslation();
  const statuses = useMaintenanceStatuses();
  const { data: counts } = usePlanCounts();
  const overdue = counts?.overdue ?? 0;
  return (
    <CountedStatusTabs
      tab={tab}
      onTabChange={onTabChange}
      statuses={statuses}
      counts={COUNT_OF.map(([status, field]) => [status, counts?.[field] ?? 0] as const)}
      allLabel={t('operation.maintenance.statusTabs.all')}
      tabLabel={(label, count) => t('operation.maintenance.statusTabs.label', { label, count })}
      extra={<Badge status={overdue > 0 ? 'error' : 'default'} text={t('operation.maintenance.statusTabs.overdue', { count: overdue })} />}
    />
  );
}
