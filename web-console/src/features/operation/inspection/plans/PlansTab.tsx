import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../../components/listPage';
import { useDeleteInspectionPlansMutation } from '../../api';
import type { InspectionPlan, InspectionPlanQuery } from '../../types';
import { INSPECTION_PERMISSIONS as PERMISSIONS } from '../permissions';
import { useProjectPlans } from '../useInspection';
import { usePlanColumns, usePlanSearchFields } from './columns';
import PlanFormDialog from './PlanFormDialog';
import '../../i18n';

/** The plans tab: search by status and name, add, edit, delete (the plan's tasks stay). */
export default function PlansTab() {
  const { t } = useTranslation();
  const [deletePlans] = useDeleteInspectionPlansMutation();
  return (
    <ListPage<InspectionPlan, InspectionPlanQuery>
      rowKey="planId" rowName={(plan) => plan.planName} useList={useProjectPlans}
      columns={usePlanColumns()} searchFields={usePlanSearchFields()}
      editor={{ dialog: PlanFormDialog, add: PERMISSIONS.add, edit: PERMISSIONS.edit }}
      remove={{
        permission: PERMISSIONS.remove,
        question: (plan) => t('operation.inspection.plan.deleteConfirm', { name: plan.planName }),
        run: (plans) => deletePlans(plans.map((plan) => plan.planId)).unwrap(),
      }}
    />
  );
}
