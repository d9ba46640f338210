import { useState } from 'react';
import { Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListPage, type RowAction } from '../../../components/listPage';
import { allows } from '../rules';
import type { WorkOrder, WorkOrderAction, WorkOrderQuery } from '../types';
import CloseDialog from './CloseDialog';
import { useWorkOrderColumns, useWorkOrderSearchFields } from './columns';
import ConfirmDialog from './ConfirmDialog';
import HandlerDialog from './HandlerDialog';
import NoteDialog from './NoteDialog';
import StatusTabs, { ALL_TAB } from './StatusTabs';
import { useProjectWorkOrders } from './useWorkOrders';
import WorkOrderDetailDrawer from './WorkOrderDetailDrawer';
import WorkOrderFormDialog from './WorkOrderFormDialog';
import '../i18n';

/** The permission each button needs (without 'pc:'); the server grants the same. */
const PERMISSIONS = {
  query: 'operation:workOrder:query',
  add: 'operation:workOrder:add',
  dispatch: 'operation:workOrder:dispatch',
  assign: 'operation:workOrder:dispatch',
  complete: 'operation:workOrder:handle',
  return: 'operation:workOrder:handle',
  confirm: 'operation:workOrder:confirm',
  close: 'operation:workOrder:close',
} as const;

/** The row buttons in their order; each shows for the statuses its action starts from. */
const ACTIONS: readonly WorkOrderAction[] = ['dispatch', 'assign', 'complete', 'confirm', 'return', 'close'];

/** The dialog of the action being taken. */
function ActionDialog({ action, order, onClose }: { action: WorkOrderAction; order: WorkOrder; onClose: () => void }) {
  switch (action) {
    case 'dispatch':
    case 'assign':
      return <HandlerDialog action={action} order={order} onClose={onClose} />;
    case 'complete':
    case 'return':
      return <NoteDialog action={action} order={order} onClose={onClose} />;
    case 'confirm':
      return <ConfirmDialog order={order} onClose={onClose} />;
    case 'close':
      return <CloseDialog order={order} onClose={onClose} />;
  }
}

/**
 * Work orders (`operation/workOrder/index`): status tabs with their counts and the overdue
 * badge, the "only mine" switch, search by type, urgency and keyword; add; per row, the
 * actions its status takes (dispatch, assign, complete, confirm, return, close) for holders of
 * their permissions, and the detail with the process information.
 */
export default function WorkOrderPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState(ALL_TAB);
  const [mine, setMine] = useState(false);
  const [detailOf, setDetailOf] = useState<number | undefined>();
  const [acting, setActing] = useState<{ action: WorkOrderAction; order: WorkOrder } | undefined>();

  const rowActions: RowAction<WorkOrder>[] = [
    {
      key: 'view',
      label: t('operation.workOrder.view'),
      permission: PERMISSIONS.query,
      ariaLabel: (order) => t('operation.workOrder.viewOf', { name: order.orderNumber }),
      run: (order) => setDetailOf(order.workOrderId),
    },
    ...ACTIONS.map(
      (action): RowAction<WorkOrder> => ({
        key: action,
        label: t(`operation.workOrder.action.${action}`),
        permission: PERMISSIONS[action],
        danger: action === 'close',
        ariaLabel: (order) => t(`operation.workOrder.actionOf.${action}`, { name: order.orderNumber }),
        when: (order) => allows(order.status, action),
        run: (order) => setActing({ action, order }),
      }),
    ),
  ];

  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <StatusTabs tab={tab} onTabChange={setTab} mine={mine} onMineChange={setMine} />
      </Card>
      <ListPage<WorkOrder, WorkOrderQuery>
        rowKey="workOrderId" rowName={(order) => order.orderNumber} useList={useProjectWorkOrders}
        filters={{ status: tab === ALL_TAB ? undefined : tab, mine: mine ? '1' : undefined }}
        columns={useWorkOrderColumns()} searchFields={useWorkOrderSearchFields()} rowActions={rowActions}
        editor={{ dialog: WorkOrderFormDialog, add: PERMISSIONS.add }}
      >
        {detailOf !== undefined ? <WorkOrderDetailDrawer workOrderId={detailOf} onClose={() => setDetailOf(undefined)} /> : null}
        {acting ? <ActionDialog action={acting.action} order={acting.order} onClose={() => setActing(undefined)} /> : null}
      </ListPage>
    </Flex>
  );
}
