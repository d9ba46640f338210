/** The work-order screen's wire shapes (contract: work orders, /operation/workOrder). */

/** Dictionary work_order_status: "0" unassigned, "1" in progress, "2" pending confirmation, "3" completed, "4" closed. */
export type WorkOrderStatus = '0' | '1' | '2' | '3' | '4';

/** The actions of the state machine, as the process information names them. */
export type WorkOrderAction = 'dispatch' | 'assign' | 'complete' | 'return' | 'confirm' | 'close';

export interface WorkOrder {
  workOrderId: number;
  orderNumber: string;
  /** Dictionary work_order_type: "1" alarm, "2" reported, "3" inspection. */
  orderType: string;
  /** Dictionary work_order_question: "1" lamp out ... "5" other. */
  questionType: string;
  status: WorkOrderStatus;
  /** Dictionary work_order_urgency: "1" urgent, "2" high, "3" normal, "4" low. */
  urgency: string;
  expectedTime: string | null;
  dueTime: string | null;
  overdue: boolean;
  initiatorId: number;
  initiatorName: string;
  handlerId: number | null;
  handlerName: string;
  address: string;
  description: string;
  alarmId: number | null;
  createTime: string | null;
  updateTime: string | null;
}

/** One step of an order's life: "created", "flap" (an alarm joined it) or an action. */
export interface ProcessStep {
  action: string;
  fromStatus: string | null;
  toStatus: string;
  actorId: number;
  actorName: string;
  note: string;
  time: string | null;
}

export interface WorkOrderDetail extends WorkOrder {
  attachments: string[];
  evaluation: string;
  /** 1 to 5 once confirmed. */
  score: number | null;
  closeReason: string;
  alarmIds: number[];
  processInfo: ProcessStep[];
}

/** GET /operation/workOrder/counts. */
export interface WorkOrderCounts {
  unassigned: number;
  inProgress: number;
  pendingConfirmation: number;
  completed: number;
  closed: number;
  /** Open orders past their due time. */
  overdue: number;
}

export interface WorkOrderQuery {
  pageNum: number;
  pageSize: number;
  status?: string;
  orderType?: string;
  urgency?: string;
  keyword?: string;
  /** "1": only the orders the caller handles. */
  mine?: string;
}

/** POST /operation/workOrder body. */
export interface WorkOrderChange {
  orderType: string;
  questionType: string;
  urgency: string;
  /** "YYYY-MM-DD HH:mm:ss", or "" for none. */
  expectedTime: string;
  address: string;
  description: string;
  attachments: string[];
  alarmId?: number;
}

/** POST /operation/workOrder answer. */
export interface WorkOrderCreated {
  workOrderId: number;
  orderNumber: string;
}

/** The body of each action (PUT /operation/workOrder/{action}), by action. */
export type WorkOrderActionBody =
  | { action: 'dispatch' | 'assign'; workOrderId: number; handlerId: number; handlerName: string }
  | { action: 'complete' | 'return'; workOrderId: number; note: string }
  | { action: 'confirm'; workOrderId: number; score: number; evaluation: string }
  | { action: 'close'; workOrderId: number; closeReason: string };

/* ---- Inspection (contract: docs/inspection-api.md, /operation/inspection) ---- */

/** Dictionary inspection_task_status: "0" undoing, "1" doing, "2" finished, "3" expired. */
export type InspectionTaskStatus = '0' | '1' | '2' | '3';

/** A member of a team, as the server names them. */
export interface InspectionMember {
  userId: number;
  userName: string;
  nickName: string;
}

export interface InspectionTeam {
  teamId: number;
  teamName: string;
  members: InspectionMember[];
  /** The members' names, as the server joins them. */
  memberNames: string;
  remark: string;
  createTime: string | null;
}

/** The query of the team, route and plan lists (`keyword`: name contains). */
export interface InspectionNameQuery {
  pageNum: number;
  pageSize: number;
  keyword?: string;
}

/** POST /operation/inspection/team body; PUT adds teamId. */
export interface InspectionTeamChange {
  teamId?: number;
  teamName: string;
  memberIds: number[];
  remark: string;
}

/** Dictionary inspection_point_type: "1" a device (a gateway), "2" an address. */
export type InspectionPointType = '1' | '2';

/** A point of a route: a gateway (`refId` its gatewayId) or an address (its addressId). */
export interface InspectionRoutePoint {
  pointType: string;
  refId: number;
  /** The name the owning service gave when the route was saved. */
  pointName: string;
}

export interface InspectionRoute {
  routeId: number;
  routeName: string;
  /** In the order walked. */
  points: InspectionRoutePoint[];
  pointCount: number;
  remark: string;
  createTime: string | null;
}

/** POST /operation/inspection/route body (points in the order walked); PUT adds routeId. */
export interface InspectionRouteChange {
  routeId?: number;
  routeName: string;
  points: { pointType: string; refId: number }[];
  remark: string;
}

export interface InspectionPlan {
  planId: number;
  planName: string;
  routeId: number;
  routeName: string;
  teamId: number;
  teamName: string;
  /** Dictionary inspection_period: "1" daily, "2" weekly, "3" monthly. */
  period: string;
  /** YYYY-MM-DD. */
  startDate: string;
  endDate: string;
  /** Dictionary sys_normal_disable: "0" enabled, "1" disabled. */
  status: string;
  remark: string;
  createTime: string | null;
}

export interface InspectionPlanQuery extends InspectionNameQuery {
  status?: string;
}

/** POST /operation/inspection/plan body; PUT adds planId. */
export interface InspectionPlanChange {
  planId?: number;
  planName: string;
  routeId: number;
  teamId: number;
  period: string;
  startDate: string;
  endDate: string;
  status: string;
  remark: string;
}

export interface InspectionTask {
  taskId: number;
  taskName: string;
  /** Null for a task added by hand. */
  planId: number | null;
  planName: string;
  routeId: number;
  routeName: string;
  teamId: number;
  teamName: string;
  /** YYYY-MM-DD HH:mm:ss. */
  startTime: string | null;
  endTime: string | null;
  status: string;
  pointCount: number;
  abnormalCount: number;
  handlerName: string;
  finishTime: string | null;
  createTime: string | null;
}

export interface InspectionTaskQuery extends InspectionNameQuery {
  status?: string;
  planId?: number;
  /** "1": only my teams' tasks. */
  mine?: string;
}

/** GET /operation/inspection/task/counts. */
export interface InspectionTaskCounts {
  undoing: number;
  doing: number;
  finished: number;
  expired: number;
}

/** A point of a task, with its result once dealt with. */
export interface InspectionTaskPoint {
  pointId: number;
  seq: number;
  pointType: string;
  refId: number;
  pointName: string;
  /** "" until dealt with; dictionary inspection_result: "1" normal, "2" abnormal. */
  result: string;
  remark: string;
  workOrderId: number | null;
  workOrderNumber: string;
}

export interface InspectionTaskDetail extends InspectionTask {
  /** The result description, once dealt with. */
  description: string;
  points: InspectionTaskPoint[];
}

/** POST /operation/inspection/task body. */
export interface InspectionTaskChange {
  taskName: string;
  routeId: number;
  teamId: number;
  /** YYYY-MM-DD HH:mm:ss. */
  startTime: string;
  endTime: string;
}

/** One point's result in PUT /operation/inspection/task/deal. */
export interface InspectionPointResult {
  pointId: number;
  result: string;
  remark: string;
  /** Open a work order for the point (an abnormal one only). */
  workOrder: boolean;
  /** Dictionary work_order_question of that work order; "" without one. */
  questionType: string;
}

/** PUT /operation/inspection/task/deal body. */
export interface InspectionDeal {
  taskId: number;
  description: string;
  results: InspectionPointResult[];
}

/** PUT /operation/inspection/task/deal answer: the task's new status and the numbers of the work orders opened. */
export interface InspectionDealt {
  status: string;
  workOrders: string[];
}

/** A node of GET /project/address/getProjectAddressTree. */

export type { AddressTreeNode } from '../project/types';

/* ---- Maintenance (contract: docs/maintenance-api.md, /operation/maintenance) ---- */

/** Dictionary maintenance_status: "0" unfinished, "1" finished. */
export type MaintenanceStatus = '0' | '1';

/** Dictionary maintenance_contract_state: "0" in force, "1" near its end, "2" ended, "3" not started. */
export type MaintenanceContractState = '0' | '1' | '2' | '3';

export interface MaintenanceCompany {
  companyId: number;
  companyName: string;
  contactName: string;
  phone: string;
  address: string;
  remark: string;
  /** The contracts naming the company (while any does, it cannot be deleted). */
  contractCount: number;
  createTime: string | null;
}

/** The company list's query (`keyword`: the name contains). */
export interface MaintenanceCompanyQuery {
  pageNum: number;
  pageSize: number;
  keyword?: string;
}

/** POST /operation/maintenance/company body; PUT adds companyId. */
export interface MaintenanceCompanyChange {
  companyId?: number;
  companyName: string;
  contactName: string;
  phone: string;
  address: string;
  remark: string;
}

export interface MaintenanceContract {
  contractId: number;
  contractNumber: string;
  contractName: string;
  companyId: number;
  companyName: string;
  /** YYYY-MM-DD. */
  startDate: string;
  endDate: string;
  /** Two decimals ("186000.00"), or null when none was given. */
  amount: string | null;
  remark: string;
  /** Dictionary maintenance_contract_state, computed at every read. */
  state: string;
  /** Within the last 30 days before the end date. */
  nearEnd: boolean;
  /** Days to the end date (negative once ended). */
  daysLeft: number;
  createTime: string | null;
}

/** The contract list's query (`keyword`: the number or the name contains). */
export interface MaintenanceContractQuery {
  pageNum: number;
  pageSize: number;
  keyword?: string;
  companyId?: number;
  state?: string;
}

/** POST /operation/maintenance/contract body; PUT adds contractId. */
export interface MaintenanceContractChange {
  contractId?: number;
  contractNumber: string;
  contractName: string;
  companyId: number;
  /** YYYY-MM-DD. */
  startDate: string;
  endDate: string;
  /** As typed ("12", "12.5"), or "" for none. */
  amount: string;
  remark: string;
}

export interface MaintenancePlan {
  planId: number;
  planName: string;
  contractId: number;
  contractNumber: string;
  companyName: string;
  /** YYYY-MM-DD. */
  planDate: string;
  content: string;
  /** Dictionary maintenance_status. */
  status: string;
  /** Unfinished and its date has passed. */
  overdue: boolean;
  /** What was done, once finished. */
  result: string;
  finishedBy: string;
  finishTime: string | null;
  createTime: string | null;
}

/** The plan list's query. */
export interface MaintenancePlanQuery {
  pageNum: number;
  pageSize: number;
  keyword?: string;
  contractId?: number;
  status?: string;
}

/** POST /operation/maintenance/plan body; PUT adds planId. */
export interface MaintenancePlanChange {
  planId?: number;
  planName: string;
  contractId: number;
  /** YYYY-MM-DD. */
  planDate: string;
  content: string;
}

/** GET /operation/maintenance/plan/counts. */
export interface MaintenancePlanCounts {
  unfinished: number;
  finished: number;
  /** Unfinished plans whose date has passed. */
  overdue: number;
}

/** PUT /operation/maintenance/plan/finish body. */
export interface MaintenancePlanFinish {
  planId: number;
  result: string;
}
