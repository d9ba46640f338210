import type { ServerRoute } from '../../routes/types';
import { consoleBackend } from '../../test/backend';
import { moduleRoutes, ok } from '../lighting/fixtures';
import type { WorkOrder, WorkOrderCounts, WorkOrderDetail } from './types';

const meta = (title: string, titleEn: string) => ({ title, titleEn, icon: '#' });

/** The demo route tree with the operation module's work-order screen. */
export const operationRoutes: ServerRoute[] = [
  ...moduleRoutes,
  {
    path: '/operation',
    component: 'Layout',
    redirect: 'noRedirect',
    alwaysShow: true,
    menuModule: '3',
    meta: meta('运维管理', 'Operation'),
    children: [{ path: 'workOrder', component: 'operation/workOrder/index', meta: meta('工单管理', 'Work Orders') }],
  },
];

const dict = (items: string[][]) => items.map(([dictValue, dictLabelZh, dictLabelEn]) => ({ dictValue, dictLabel: dictLabelZh, dictLabelZh, dictLabelEn }));

export const workOrderStatuses = dict([
  ['0', '待派单', 'Unassigned'],
  ['1', '处理中', 'In progress'],
  ['2', '待确认', 'Pending confirmation'],
  ['3', '已完成', 'Completed'],
  ['4', '已关闭', 'Closed'],
]);
export const workOrderTypes = dict([
  ['1', '告警', 'Alarm'],
  ['2', '上报', 'Reported'],
  ['3', '巡检', 'Inspection'],
]);
export const workOrderQuestions = dict([
  ['1', '灯具不亮', 'Lamp out'],
  ['2', '电气故障', 'Electrical fault'],
  ['3', '通讯故障', 'Communication fault'],
  ['4', '设施损坏', 'Damage'],
  ['5', '其他', 'Other'],
]);
export const workOrderUrgencies = dict([
  ['1', '特急', 'Urgent'],
  ['2', '紧急', 'High'],
  ['3', '一般', 'Normal'],
  ['4', '较低', 'Low'],
]);

/** An unassigned, overdue order reported by hand. */
export const unassignedOrder: WorkOrder = {
  workOrderId: 101,
  orderNumber: 'WO20260501001',
  orderType: '2',
  questionType: '1',
  status: '0',
  urgency: '1',
  expectedTime: '2026-05-01 18:00:00',
  dueTime: '2026-05-01 12:00:00',
  overdue: true,
  initiatorId: 1,
  initiatorName: 'admin',
  handlerId: null,
  handlerName: '',
  address: '滨江路 12 号',
  description: '三盏灯不亮',
  alarmId: null,
  createTime: '2026-05-01 10:00:00',
  updateTime: '2026-05-01 10:00:00',
};

/** An alarm's order in progress, handled by zhangsan. */
export const inProgressOrder: WorkOrder = {
  ...unassignedOrder,
  workOrderId: 102,
  orderNumber: 'WO20260501002',
  orderType: '1',
  questionType: '2',
  status: '1',
  urgency: '3',
  overdue: false,
  dueTime: '2026-05-04 10:00:00',
  handlerId: 5,
  handlerName: 'zhangsan',
  address: '北区网关',
  alarmId: 41,
};

export const pendingOrder: WorkOrder = {
  ...inProgressOrder,
  workOrderId: 103,
  orderNumber: 'WO20260501003',
  orderType: '3',
  questionType: '3',
  status: '2',
  urgency: '4',
  alarmId: null,
};

export const completedOrder: WorkOrder = { ...pendingOrder, workOrderId: 104, orderNumber: 'WO20260501004', status: '3', questionType: '4' };

export const workOrders: WorkOrder[] = [unassignedOrder, inProgressOrder, pendingOrder, completedOrder];

export const workOrderCounts: WorkOrderCounts = { unassigned: 3, inProgress: 4, pendingConfirmation: 2, completed: 5, closed: 1, overdue: 2 };

/** The completed order's detail: its whole life in the process information. */
export const completedDetail: WorkOrderDetail = {
  ...completedOrder,
  attachments: ['/upload/2026/05/01/lamp.png'],
  evaluation: '修复及时',
  score: 4,
  closeReason: '',
  alarmIds: [41, 42],
  processInfo: [
    { action: 'created', fromStatus: '', toStatus: '0', actorId: 1, actorName: 'admin', note: '', time: '2026-05-01 10:00:00' },
    { action: 'dispatch', fromStatus: '0', toStatus: '1', actorId: 1, actorName: 'admin', note: '', time: '2026-05-01 10:05:00' },
    { action: 'complete', fromStatus: '1', toStatus: '2', actorId: 5, actorName: 'zhangsan', note: '更换灯具', time: '2026-05-01 15:00:00' },
    { action: 'confirm', fromStatus: '2', toStatus: '3', actorId: 1, actorName: 'admin', note: '', time: '2026-05-01 16:00:00' },
  ],
};

/** Users a dispatcher may choose from (GET /system/user/list). */
export const handlers = [
  { userId: 5, userName: 'zhangsan', nickName: '张三' },
  { userId: 6, userName: 'lisi', nickName: '李四' },
];

/** The demo backend with the work-order screen's dictionaries, orders, counts and users; routes can be replaced. */
export function operationBackend(overrides: Parameters<typeof consoleBackend>[0] = {}) {
  return consoleBackend({
    'GET /system/menu/getRouters': ok({ data: operationRoutes }),
    'GET /system/dict/data/type/work_order_status': ok({ data: workOrderStatuses }),
    'GET /system/dict/data/type/work_order_type': ok({ data: workOrderTypes }),
    'GET /system/dict/data/type/work_order_question': ok({ data: workOrderQuestions }),
    'GET /system/dict/data/type/work_order_urgency': ok({ data: workOrderUrgencies }),
    'GET /operation/workOrder/list': ok({ rows: workOrders, total: workOrders.length }),
    'GET /operation/workOrder/counts': ok({ data: workOrderCounts }),
    'GET /operation/workOrder/104': ok({ data: completedDetail }),
    'GET /system/user/list': ok({ rows: handlers, total: handlers.length }),
    ...overrides,
  });
}
