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
