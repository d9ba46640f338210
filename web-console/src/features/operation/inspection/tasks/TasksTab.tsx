import { useState } from 'react';
import { Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListPage, type RowAction } from '../../../../components/listPage';
import { useDeleteInspectionTasksMutation } from '../../api';
import { mayDeal, mayDeleteTask } from '../../rules';
import type { InspectionDealt, InspectionTask, InspectionTaskQuery } from '../../types';
import { INSPECTION_PERMISSIONS as PERMISSIONS } from '../permissions';
import { useProjectTasks } from '../useInspection';
import { useTaskColumns, useTaskSearchFields } from './columns';
import DealDialog from './DealDialog';
import DealtDialog from './DealtDialog';
import StatusTabs, { ALL_TAB } from './StatusTabs';
import TaskDetailDrawer from './TaskDetailDrawer';
import TaskFormDialog from './TaskFormDialog';
import '../../i18n';

/**
 * The tasks tab: status tabs with their counts and the "only my teams" switch, search by
 * name; add a task by hand; per row, the detail, "deal" for a task that is doing (then the
 * work orders it raised), delete for any but a finished one.
 */
export default function TasksTab() {
  const { t } = useTranslation();
  const [tab, setTab] = useState(ALL_TAB);
  const [mine, setMine] = useState(false);
  const [detailOf, setDetailOf] = useState<number | undefined>();
  const [dealing, setDealing] = useState<InspectionTask | undefined>();
  const [dealt, setDealt] = useState<InspectionDealt | undefined>();
  const [deleteTasks] = useDeleteInspectionTasksMutation();

  const rowActions: RowAction<InspectionTask>[] = [
    {
      key: 'view',
      label: t('operation.inspection.task.view'),
      permission: PERMISSIONS.query,
      ariaLabel: (task) => t('operation.inspection.task.viewOf', { name: task.taskName }),
      run: (task) => setDetailOf(task.taskId),
    },
    {
      key: 'deal',
      label: t('operation.inspection.task.deal'),
      permission: PERMISSIONS.deal,
      ariaLabel: (task) => t('operation.inspection.task.dealOf', { name: task.taskName }),
      when: (task) => mayDeal(task.status),
      run: (task) => setDealing(task),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <StatusTabs tab={tab} onTabChange={setTab} mine={mine} onMineChange={setMine} />
      </Card>
      <ListPage<InspectionTask, InspectionTaskQuery>
        rowKey="taskId" rowName={(task) => task.taskName} useList={useProjectTasks}
        filters={{ status: tab === ALL_TAB ? undefined : tab, mine: mine ? '1' : undefined }}
        columns={useTaskColumns()} searchFields={useTaskSearchFields()} rowActions={rowActions}
        editor={{ dialog: TaskFormDialog, add: PERMISSIONS.add }}
        remove={{
          permission: PERMISSIONS.remove,
          question: (task) => t('operation.inspection.task.deleteConfirm', { name: task.taskName }),
          run: (tasks) => deleteTasks(tasks.map((task) => task.taskId)).unwrap(),
          removable: (task) => mayDeleteTask(task.status),
        }}
      >
        {detailOf !== undefined ? <TaskDetailDrawer taskId={detailOf} onClose={() => setDetailOf(undefined)} /> : null}
        {dealing ? <DealDialog task={dealing} onDealt={setDealt} onClose={() => setDealing(undefined)} /> : null}
        {dealt ? <DealtDialog dealt={dealt} onClose={() => setDealt(undefined)} /> : null}
      </ListPage>
    </Flex>
  );
}
