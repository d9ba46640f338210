import { api } from '../../api/api';
import type { Envelope } from '../../api/errors';
import { dataOf, toListPage, type ListPage } from '../../api/lists';
import type { WorkOrder, WorkOrderActionBody, WorkOrderChange, WorkOrderCounts, WorkOrderCreated, WorkOrderDetail, WorkOrderQuery } from './types';

/** Tag of the whole list (one per order otherwise, by id). */
export const WORK_ORDER_LIST = 'LIST';

/** A list query of the selected project: the project only keys the cache (the client sends its header). */
export type ProjectWorkOrderQuery = WorkOrderQuery & { projectId: string };

const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The counts of GET /operation/workOrder/counts; anything missing reads as 0. */
export function countsOf(envelope: Envelope): WorkOrderCounts {
  const data = dataOf<Partial<Record<keyof WorkOrderCounts, unknown>>>(envelope, {});
  return {
    unassigned: count(data.unassigned),
    inProgress: count(data.inProgress),
    pendingConfirmation: count(data.pendingConfirmation),
    completed: count(data.completed),
    closed: count(data.closed),
    overdue: count(data.overdue),
  };
}

/** What a change of one order makes stale: the lists, that order's detail, the counts of the tabs. */
const changedTags = (workOrderId?: number) => [
  { type: 'WorkOrder' as const, id: WORK_ORDER_LIST },
  ...(workOrderId === undefined ? [] : [{ type: 'WorkOrder' as const, id: workOrderId }]),
  'WorkOrderCounts' as const,
];

/** The work-order screen's calls (contract: work orders). */
export const operationApi = api.enhanceEndpoints({ addTagTypes: ['WorkOrder', 'WorkOrderCounts'] }).injectEndpoints({
  endpoints: (build) => ({
    /** A page of the project's orders, newest first. */
    getWorkOrders: build.query<ListPage<WorkOrder>, ProjectWorkOrderQuery>({
      query: ({ projectId: _projectId, ...params }) => ({ url: '/operation/workOrder/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => toListPage<WorkOrder>(envelope),
      providesTags: [{ type: 'WorkOrder', id: WORK_ORDER_LIST }],
    }),
    /** Orders in each status and the open ones overdue (the argument, the project id, only keys the cache). */
    getWorkOrderCounts: build.query<WorkOrderCounts, string>({
      query: () => ({ url: '/operation/workOrder/counts' }),
      transformResponse: (envelope: Envelope) => countsOf(envelope),
      providesTags: ['WorkOrderCounts'],
    }),
    getWorkOrder: build.query<WorkOrderDetail, number>({
      query: (workOrderId) => ({ url: `/operation/workOrder/${workOrderId}` }),
      transformResponse: (envelope: Envelope) => dataOf<WorkOrderDetail>(envelope, {} as WorkOrderDetail),
      providesTags: (_result, _error, workOrderId) => [{ type: 'WorkOrder', id: workOrderId }],
    }),
    addWorkOrder: build.mutation<WorkOrderCreated, WorkOrderChange>({
      query: (body) => ({ url: '/operation/workOrder', method: 'POST', data: body }),
      transformResponse: (envelope: Envelope) => ({
        workOrderId: Number(envelope.workOrderId),
        orderNumber: typeof envelope.orderNumber === 'string' ? envelope.orderNumber : '',
      }),
      invalidatesTags: changedTags(),
    }),
    /** One action of the state machine; answers the order's new status. */
    actOnWorkOrder: build.mutation<string, WorkOrderActionBody>({
      query: ({ action, ...body }) => ({ url: `/operation/workOrder/${action}`, method: 'PUT', data: body }),
      transformResponse: (envelope: Envelope) => (typeof envelope.status === 'string' ? envelope.status : ''),
      invalidatesTags: (_result, _error, { workOrderId }) => changedTags(workOrderId),
    }),
  }),
});

export const {
  useGetWorkOrdersQuery,
  useGetWorkOrderCountsQuery,
  useGetWorkOrderQuery,
  useAddWorkOrderMutation,
  useActOnWorkOrderMutation,
} = operationApi;
