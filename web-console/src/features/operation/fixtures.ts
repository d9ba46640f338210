import type { ServerRoute } from '../../routes/types';
import { consoleBackend } from '../../test/backend';
import { gateway, moduleRoutes, ok } from '../lighting/fixtures';
import type {
  AddressTreeNode,
  InspectionPlan,
  InspectionRoute,
  InspectionTask,
  InspectionTaskCounts,
  InspectionTaskDetail,
  InspectionTeam,
  MaintenanceCompany,
  MaintenanceContract,
  MaintenancePlan,
  MaintenancePlanCounts,
  WorkOrder,
  WorkOrderCounts,
  WorkOrderDetail,
} from './types';

const meta = (title: string, titleEn: string) => ({ title, titleEn, icon: '#' });

/** The demo route tree with the operation module's work-order and inspection screens. */
export const operationRoutes: ServerRoute[] = [
  ...moduleRoutes,
  {
    path: '/operation',
    component: 'Layout',
    redirect: 'noRedirect',
    alwaysShow: true,
    menuModule: '3',
    meta: meta('运维管理', 'Operation'),
    children: [
      { path: 'workOrder', component: 'operation/workOrder/index', meta: meta('工单管理', 'Work Orders') },
      { path: 'inspection', component: 'operation/inspection/index', meta: meta('巡检管理', 'Inspection') },
      { path: 'maintenance', component: 'operation/maintenance/index', meta: meta('维保管理', 'Maintenance') },
    ],
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

/* ---- Inspection (docs/inspection-api.md) ---- */

export const inspectionTaskStatuses = dict([
  ['0', '待巡检', 'Undoing'],
  ['1', '巡检中', 'Doing'],
  ['2', '已完成', 'Finished'],
  ['3', '已过期', 'Expired'],
]);
export const inspectionPeriods = dict([
  ['1', '每天', 'Daily'],
  ['2', '每周', 'Weekly'],
  ['3', '每月', 'Monthly'],
]);
export const inspectionResults = dict([
  ['1', '正常', 'Normal'],
  ['2', '异常', 'Abnormal'],
]);
export const inspectionPointTypes = dict([
  ['1', '设备', 'Device'],
  ['2', '地址', 'Address'],
]);
export const normalDisable = dict([
  ['0', '正常', 'Normal'],
  ['1', '停用', 'Disabled'],
]);

export const eastTeam: InspectionTeam = {
  teamId: 11,
  teamName: '东区夜巡组',
  members: [
    { userId: 5, userName: 'zhangsan', nickName: '张三' },
    { userId: 6, userName: 'lisi', nickName: '李四' },
  ],
  memberNames: '张三、李四',
  remark: '夜间巡检',
  createTime: '2026-05-01 09:00:00',
};

export const inspectionTeams: InspectionTeam[] = [eastTeam];

/** A device point as the server names it: the gateway's name and serial. */
export const GATEWAY_POINT = `${gateway.gatewayName} (${gateway.gatewayNumber})`;

/** A route of a gateway and an address, in that order. */
export const riversideRoute: InspectionRoute = {
  routeId: 21,
  routeName: '滨江夜巡路线',
  points: [
    { pointType: '1', refId: gateway.gatewayId, pointName: GATEWAY_POINT },
    { pointType: '2', refId: 302, pointName: '观景步道' },
  ],
  pointCount: 2,
  remark: '',
  createTime: '2026-05-01 09:10:00',
};

export const inspectionRoutes: InspectionRoute[] = [riversideRoute];

export const dailyPlan: InspectionPlan = {
  planId: 31,
  planName: '滨江每日巡检',
  routeId: riversideRoute.routeId,
  routeName: riversideRoute.routeName,
  teamId: eastTeam.teamId,
  teamName: eastTeam.teamName,
  period: '1',
  startDate: '2026-05-01',
  endDate: '2026-05-31',
  status: '0',
  remark: '',
  createTime: '2026-05-01 09:20:00',
};

export const inspectionPlans: InspectionPlan[] = [dailyPlan];

/** A task of the daily plan, being walked. */
export const doingTask: InspectionTask = {
  taskId: 41,
  taskName: '滨江每日巡检 2026-05-02',
  planId: dailyPlan.planId,
  planName: dailyPlan.planName,
  routeId: riversideRoute.routeId,
  routeName: riversideRoute.routeName,
  teamId: eastTeam.teamId,
  teamName: eastTeam.teamName,
  startTime: '2026-05-02 00:00:00',
  endTime: '2026-05-02 23:59:59',
  status: '1',
  pointCount: 2,
  abnormalCount: 0,
  handlerName: '',
  finishTime: null,
  createTime: '2026-05-01 09:20:10',
};

/** A task added by hand, not started yet. */
export const undoingTask: InspectionTask = {
  ...doingTask,
  taskId: 42,
  taskName: '临时巡检',
  planId: null,
  planName: '',
  startTime: '2026-05-09 08:00:00',
  endTime: '2026-05-09 12:00:00',
  status: '0',
};

/** A finished task with one abnormal point and its work order. */
export const finishedTask: InspectionTask = {
  ...doingTask,
  taskId: 43,
  taskName: '滨江每日巡检 2026-05-01',
  startTime: '2026-05-01 00:00:00',
  endTime: '2026-05-01 23:59:59',
  status: '2',
  abnormalCount: 1,
  handlerName: 'zhangsan',
  finishTime: '2026-05-01 21:30:00',
};

export const inspectionTasks: InspectionTask[] = [doingTask, undoingTask, finishedTask];

export const inspectionTaskCounts: InspectionTaskCounts = { undoing: 3, doing: 2, finished: 7, expired: 1 };

export const doingTaskDetail: InspectionTaskDetail = {
  ...doingTask,
  description: '',
  points: [
    { pointId: 501, seq: 1, pointType: '1', refId: gateway.gatewayId, pointName: GATEWAY_POINT, result: '', remark: '', workOrderId: null, workOrderNumber: '' },
    { pointId: 502, seq: 2, pointType: '2', refId: 302, pointName: '观景步道', result: '', remark: '', workOrderId: null, workOrderNumber: '' },
  ],
};

export const finishedTaskDetail: InspectionTaskDetail = {
  ...finishedTask,
  description: '东区网关柜门松动，已报修',
  points: [
    { pointId: 511, seq: 1, pointType: '1', refId: gateway.gatewayId, pointName: GATEWAY_POINT, result: '2', remark: '柜门松动', workOrderId: 108, workOrderNumber: 'WO20260501008' },
    { pointId: 512, seq: 2, pointType: '2', refId: 302, pointName: '观景步道', result: '1', remark: '', workOrderId: null, workOrderNumber: '' },
  ],
};

/** Gateways of the project (GET /lighting/gateway/list). */
export const projectGateways = [gateway, { ...gateway, gatewayId: 8, gatewayName: '南区网关', gatewayNumber: 'GW-0008' }];

/** The project's address tree (GET /project/address/getProjectAddressTree). */
export const addressTree: AddressTreeNode[] = [
  {
    id: 300,
    parentId: 0,
    name: '滨江公园',
    children: [{ id: 301, parentId: 300, name: '东区', children: [{ id: 302, parentId: 301, name: '观景步道', children: [] }] }],
  },
];

/** The demo backend with the inspection screen's dictionaries, records and pickers; routes can be replaced. */
export function inspectionBackend(overrides: Parameters<typeof consoleBackend>[0] = {}) {
  return operationBackend({
    'GET /system/dict/data/type/inspection_task_status': ok({ data: inspectionTaskStatuses }),
    'GET /system/dict/data/type/inspection_period': ok({ data: inspectionPeriods }),
    'GET /system/dict/data/type/inspection_result': ok({ data: inspectionResults }),
    'GET /system/dict/data/type/inspection_point_type': ok({ data: inspectionPointTypes }),
    'GET /system/dict/data/type/sys_normal_disable': ok({ data: normalDisable }),
    'GET /operation/inspection/team/list': ok({ rows: inspectionTeams, total: inspectionTeams.length }),
    'GET /operation/inspection/team/11': ok({ data: eastTeam }),
    'GET /operation/inspection/route/list': ok({ rows: inspectionRoutes, total: inspectionRoutes.length }),
    'GET /operation/inspection/route/21': ok({ data: riversideRoute }),
    'GET /operation/inspection/plan/list': ok({ rows: inspectionPlans, total: inspectionPlans.length }),
    'GET /operation/inspection/plan/31': ok({ data: dailyPlan }),
    'GET /operation/inspection/task/list': ok({ rows: inspectionTasks, total: inspectionTasks.length }),
    'GET /operation/inspection/task/counts': ok({ data: inspectionTaskCounts }),
    'GET /operation/inspection/task/41': ok({ data: doingTaskDetail }),
    'GET /operation/inspection/task/43': ok({ data: finishedTaskDetail }),
    'GET /lighting/gateway/list': ok({ rows: projectGateways, total: projectGateways.length }),
    'GET /project/address/getProjectAddressTree': ok({ data: addressTree }),
    ...overrides,
  });
}

/* ---- Maintenance (docs/maintenance-api.md); today is 2026-05-10 in the tests that read dates ---- */

export const maintenanceStatuses = dict([
  ['0', '未完成', 'Unfinished'],
  ['1', '已完成', 'Finished'],
]);
export const contractStates = dict([
  ['0', '履行中', 'In force'],
  ['1', '即将到期', 'Near its end'],
  ['2', '已到期', 'Ended'],
  ['3', '未开始', 'Not started'],
]);

export const brightCompany: MaintenanceCompany = {
  companyId: 61,
  companyName: '明亮照明工程有限公司',
  contactName: '王工',
  phone: '13800138000',
  address: '杭州市滨江区江南大道88号',
  remark: '',
  contractCount: 2,
  createTime: '2026-05-01 09:00:00',
};

export const maintenanceCompanies: MaintenanceCompany[] = [brightCompany];

/** A contract ending within 30 days: near its end, 15 days left. */
export const nearEndContract: MaintenanceContract = {
  contractId: 71,
  contractNumber: 'WB-2026-001',
  contractName: '滨江段景观照明年度维保',
  companyId: brightCompany.companyId,
  companyName: brightCompany.companyName,
  startDate: '2026-05-01',
  endDate: '2026-05-25',
  amount: '186000.00',
  remark: '',
  state: '1',
  nearEnd: true,
  daysLeft: 15,
  createTime: '2026-05-01 09:10:00',
};

/** The next contract, not started yet. */
export const nextContract: MaintenanceContract = {
  ...nearEndContract,
  contractId: 72,
  contractNumber: 'WB-2027-001',
  contractName: '滨江段景观照明年度维保（续签）',
  startDate: '2026-05-26',
  endDate: '2027-05-25',
  amount: '192000.50',
  state: '3',
  nearEnd: false,
  daysLeft: 380,
};

/** A contract that has ended: it takes no new plan. */
export const endedContract: MaintenanceContract = {
  ...nearEndContract,
  contractId: 73,
  contractNumber: 'WB-2025-001',
  contractName: '滨江段景观照明维保（2025）',
  startDate: '2025-05-01',
  endDate: '2026-04-30',
  amount: null,
  state: '2',
  nearEnd: false,
  daysLeft: -10,
};

export const maintenanceContracts: MaintenanceContract[] = [nearEndContract, nextContract, endedContract];

/** An unfinished plan whose date has passed. */
export const overduePlan: MaintenancePlan = {
  planId: 81,
  planName: '灯具清洁与更换',
  contractId: nearEndContract.contractId,
  contractNumber: nearEndContract.contractNumber,
  companyName: brightCompany.companyName,
  planDate: '2026-05-08',
  content: '步道灯具清洁，不亮灯具更换',
  status: '0',
  overdue: true,
  result: '',
  finishedBy: '',
  finishTime: null,
  createTime: '2026-05-01 09:20:00',
};

/** A finished plan. */
export const finishedPlan: MaintenancePlan = {
  ...overduePlan,
  planId: 82,
  planName: '配电柜季度检修',
  planDate: '2026-05-02',
  content: '5台配电柜绝缘测试、接线紧固',
  status: '1',
  overdue: false,
  result: '已完成，1号柜更换浪涌保护器',
  finishedBy: 'admin',
  finishTime: '2026-05-02 16:30:00',
};

/** An unfinished plan of the next contract. */
export const nextPlan: MaintenancePlan = {
  ...overduePlan,
  planId: 83,
  planName: '年度全面检测',
  contractId: nextContract.contractId,
  contractNumber: nextContract.contractNumber,
  planDate: '2026-06-19',
  content: '全线回路绝缘与接地电阻检测',
  overdue: false,
};

export const maintenancePlans: MaintenancePlan[] = [overduePlan, finishedPlan, nextPlan];

export const maintenancePlanCounts: MaintenancePlanCounts = { unfinished: 2, finished: 1, overdue: 1 };

/** The demo backend with the maintenance screen's dictionaries and records; routes can be replaced. */
export function maintenanceBackend(overrides: Parameters<typeof consoleBackend>[0] = {}) {
  return operationBackend({
    'GET /system/dict/data/type/maintenance_status': ok({ data: maintenanceStatuses }),
    'GET /system/dict/data/type/maintenance_contract_state': ok({ data: contractStates }),
    'GET /operation/maintenance/company/list': ok({ rows: maintenanceCompanies, total: maintenanceCompanies.length }),
    'GET /operation/maintenance/company/61': ok({ data: brightCompany }),
    'GET /operation/maintenance/contract/list': ok({ rows: maintenanceContracts, total: maintenanceContracts.length }),
    'GET /operation/maintenance/contract/71': ok({ data: nearEndContract }),
    'GET /operation/maintenance/plan/list': ok({ rows: maintenancePlans, total: maintenancePlans.length }),
    'GET /operation/maintenance/plan/counts': ok({ data: maintenancePlanCounts }),
    'GET /operation/maintenance/plan/81': ok({ data: overduePlan }),
    ...overrides,
  });
}
