import { useState } from 'react';
import { Card, Flex } from 'antd';
import { CheckCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ListPage, type RowAction } from '../../../../components/listPage';
import { useDeleteMaintenancePlansMutation } from '../../api';
import { mayChangePlan } from '../../rules';
import type { MaintenancePlan, MaintenancePlanQuery } from '../../types';
import { MAINTENANCE_PERMISSIONS as PERMISSIONS } from '../permissions';
import { useProjectPlans } from '../useMaintenance';
import { usePlanColumns, usePlanSearchFields } from './columns';
import FinishDialog from './FinishDialog';
import PlanFormDialog from './PlanFormDialog';
import StatusTabs, { ALL_TAB } from './StatusTabs';
import '../../i18n';

/**
 * The plans tab: status tabs with their counts and the overdue badge, search by keyword and
 * contract; add; per unfinished row, finish (with its result), edit and delete. A finished
 * plan is kept as it is.
 */
export default function PlansTab() {
  const { t } = useTranslation();
  const [tab, setTab] = useState(ALL_TAB);
  const [finishing, setFinishing] = useState<MaintenancePlan | undefined>();
  const [deletePlans] = useDeleteMaintenancePlansMutation();

  const rowActions: RowAction<MaintenancePlan>[] = [
    {
      key: 'finish',
      label: t('operation.maintenance.plan.finish'),
      permission: PERMISSIONS.finish,
      icon: <CheckCircleOutlined aria-hidden />,
      ariaLabel: (plan) => t('operation.maintenance.plan.finishOf', { name: plan.planName }),
      when: (plan) => mayChangePlan(plan.status),
      run: (plan) => setFinishing(plan),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <StatusTabs tab={tab} onTabChange={setTab} />
      </Card>
      <ListPage<MaintenancePlan, MaintenancePlanQuery>
        rowKey="planId" rowName={(plan) => plan.planName} useList={useProjectPlans}
        filters={{ status: tab === ALL_TAB ? undefined : tab }}
        columns={usePlanColumns()} searchFields={usePlanSearchFields()} rowActions={rowActions}
        editor={{ dialog: PlanFormDialog, add: PERMISSIONS.add, edit: PERMISSIONS.edit, editable: (plan) => mayChangePlan(plan.status) }}
        remove={{
          permission: PERMISSIONS.remove,
          question: (plan) => t('operation.maintenance.plan.deleteConfirm', { name: plan.planName }),
          run: (plans) => deletePlans(plans.map((plan) => plan.planId)).unwrap(),
          removable: (plan) => mayChangePlan(plan.status),
        }}
      >
        {finishing ? <FinishDialog plan={finishing} onClose={() => setFinishing(undefined)} /> : null}
      </ListPage>
    </Flex>
  );
}
