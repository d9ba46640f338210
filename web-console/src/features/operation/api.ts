import { api } from '../../api/api';
import type { Envelope } from '../../api/errors';
import { dataOf, toListPage, type ListPage } from '../../api/lists';
import type {
  InspectionDeal,
  InspectionDealt,
  InspectionNameQuery,
  InspectionPlan,
  InspectionPlanChange,
  InspectionPlanQuery,
  InspectionRoute,
  InspectionRouteChange,
  InspectionTask,
  InspectionTaskChange,
  InspectionTaskCounts,
  InspectionTaskDetail,
  InspectionTaskQuery,
  InspectionTeam,
  InspectionTeamChange,
  MaintenanceCompany,
  MaintenanceCompanyChange,
  MaintenanceCompanyQuery,
  MaintenanceContract,
  MaintenanceContractChange,
  MaintenanceContractQuery,
  MaintenancePlan,
  MaintenancePlanChange,
  MaintenancePlanCounts,
  MaintenancePlanFinish,
  MaintenancePlanQuery,
  WorkOrder,
  WorkOrderActionBody,
  WorkOrderChange,
  WorkOrderCounts,
  WorkOrderCreated,
  WorkOrderDetail,
  WorkOrderQuery,
} from './types';

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

/** The counts of GET /operation/inspection/task/counts; anything missing reads as 0. */
export function taskCountsOf(envelope: Envelope): InspectionTaskCounts {
  const data = dataOf<Partial<Record<keyof InspectionTaskCounts, unknown>>>(envelope, {});
  return { undoing: count(data.undoing), doing: count(data.doing), finished: count(data.finished), expired: count(data.expired) };
}

/**
 * The answer of PUT /operation/inspection/task/deal: the new status and the work orders'
 * numbers. The contract puts them in `data`; the edge sends them beside `code` and `msg`, as
 * the work-order actions do: either is read.
 */
export function dealtOf(envelope: Envelope): InspectionDealt {
  const data = dataOf<{ status?: unknown; workOrders?: unknown }>(envelope, envelope as { status?: unknown; workOrders?: unknown });
  const workOrders = Array.isArray(data.workOrders) ? data.workOrders.filter((number): number is string => typeof number === 'string' && number !== '') : [];
  return { status: typeof data.status === 'string' ? data.status : '', workOrders };
}

/** A task's detail, its points in the order walked (none when the server sends none). */
export function taskDetailOf(envelope: Envelope): InspectionTaskDetail {
  const detail = dataOf<Partial<InspectionTaskDetail>>(envelope, {});
  const points = Array.isArray(detail.points) ? [...detail.points].sort((a, b) => a.seq - b.seq) : [];
  return { ...(detail as InspectionTaskDetail), description: detail.description ?? '', points };
}

/** The counts of GET /operation/maintenance/plan/counts; anything missing reads as 0. */
export function planCountsOf(envelope: Envelope): MaintenancePlanCounts {
  const data = dataOf<Partial<Record<keyof MaintenancePlanCounts, unknown>>>(envelope, {});
  return { unfinished: count(data.unfinished), finished: count(data.finished), overdue: count(data.overdue) };
}

/**
 * The id a maintenance write answers (`companyId`, `contractId`, `planId`): beside `code`, as
 * the edge sends it (RuoYi's AjaxResult.put), or in `data`; 0 when there is none.
 */
export function savedIdOf(envelope: Envelope, field: string): number {
  const value = envelope[field] ?? dataOf<Record<string, unknown>>(envelope, {})[field];
  const id = typeof value === 'string' ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : 0;
}

/** A contract's amount as the server gives it (a text of two decimals, or none). */
function contractOf(contract: MaintenanceContract): MaintenanceContract {
  const amount = contract.amount as unknown;
  return { ...contract, amount: typeof amount === 'number' ? amount.toFixed(2) : typeof amount === 'string' && amount !== '' ? amount : null };
}

/** A route with its points (none when the server sends none). */
function routeOf(envelope: Envelope): InspectionRoute {
  const route = dataOf<Partial<InspectionRoute>>(envelope, {});
  return { ...(route as InspectionRoute), points: Array.isArray(route.points) ? route.points : [] };
}

/** A list query of the selected project: the project only keys the cache (the client sends its header). */
export type InProject<Q> = Q & { projectId: string };

/** What a change of one order makes stale: the lists, that order's detail, the counts of the tabs. */
const changedTags = (workOrderId?: number) => [
  { type: 'WorkOrder' as const, id: WORK_ORDER_LIST },
  ...(workOrderId === undefined ? [] : [{ type: 'WorkOrder' as const, id: workOrderId }]),
  'WorkOrderCounts' as const,
];

/** Tag of a whole inspection list (one per record otherwise, by id). */
export const INSPECTION_LIST = 'LIST';

type InspectionTag = 'InspectionTeam' | 'InspectionRoute' | 'InspectionPlan' | 'InspectionTask';

/** A list and, when editing, the record. */
const inspectionTags = (type: InspectionTag, id?: number) => [{ type, id: INSPECTION_LIST }, ...(id === undefined ? [] : [{ type, id }])];

/** What a change of one task makes stale: the task lists, that task, the tabs' counts. */
const changedTasks = (taskId?: number) => [...inspectionTags('InspectionTask', taskId), 'InspectionTaskCounts' as const];

/** The lists that show team and route names. */
const namedByPlansAndTasks = [
  { type: 'InspectionPlan' as const, id: INSPECTION_LIST },
  { type: 'InspectionTask' as const, id: INSPECTION_LIST },
];

/** Tag of a whole maintenance list (one per record otherwise, by id). */
export const MAINTENANCE_LIST = 'LIST';

type MaintenanceTag = 'MaintenanceCompany' | 'MaintenanceContract' | 'MaintenancePlan';

/** A maintenance list and, when editing, the record. */
const maintenanceTags = (type: MaintenanceTag, id?: number) => [{ type, id: MAINTENANCE_LIST }, ...(id === undefined ? [] : [{ type, id }])];

/** What a change of one plan makes stale: the plan lists, that plan, the status tabs' counts. */
const changedMaintenancePlans = (planId?: number) => [...maintenanceTags('MaintenancePlan', planId), 'MaintenancePlanCounts' as const];

const TAG_TYPES = [
  'WorkOrder',
  'WorkOrderCounts',
  'InspectionTeam',
  'InspectionRoute',
  'InspectionPlan',
  'InspectionTask',
  'InspectionTaskCounts',
  'MaintenanceCompany',
  'MaintenanceContract',
  'MaintenancePlan',
  'MaintenancePlanCounts',
] as const;

/** The work-order, inspection and maintenance screens' calls (contracts: work orders, docs/inspection-api.md, docs/maintenance-api.md). */
export const operationApi = api.enhanceEndpoints({ addTagTypes: TAG_TYPES }).injectEndpoints({
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

    /* ---- inspection (docs/inspection-api.md) ---- */

    getInspectionTeams: build.query<ListPage<InspectionTeam>, InProject<InspectionNameQuery>>({
      query: ({ projectId: _projectId, ...params }) => ({ url: '/operation/inspection/team/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => toListPage<InspectionTeam>(envelope),
      providesTags: [{ type: 'InspectionTeam', id: INSPECTION_LIST }],
    }),
    getInspectionTeam: build.query<InspectionTeam, number>({
      query: (teamId) => ({ url: `/operation/inspection/team/${teamId}` }),
      transformResponse: (envelope: Envelope) => {
        const team = dataOf<Partial<InspectionTeam>>(envelope, {});
        return { ...(team as InspectionTeam), members: Array.isArray(team.members) ? team.members : [] };
      },
      providesTags: (_result, _error, teamId) => [{ type: 'InspectionTeam', id: teamId }],
    }),
    saveInspectionTeam: build.mutation<void, InspectionTeamChange>({
      query: (body) => ({ url: '/operation/inspection/team', method: body.teamId === undefined ? 'POST' : 'PUT', data: body }),
      transformResponse: () => undefined,
      // plans and tasks show the team's name
      invalidatesTags: (_result, _error, { teamId }) => [...inspectionTags('InspectionTeam', teamId), ...namedByPlansAndTasks],
    }),
    deleteInspectionTeams: build.mutation<void, number[]>({
      query: (teamIds) => ({ url: `/operation/inspection/team/${teamIds.join(',')}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: [{ type: 'InspectionTeam', id: INSPECTION_LIST }],
    }),

    getInspectionRoutes: build.query<ListPage<InspectionRoute>, InProject<InspectionNameQuery>>({
      query: ({ projectId: _projectId, ...params }) => ({ url: '/operation/inspection/route/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => {
        const page = toListPage<InspectionRoute>(envelope);
        return { ...page, rows: page.rows.map((route) => ({ ...route, points: Array.isArray(route.points) ? route.points : [] })) };
      },
      providesTags: [{ type: 'InspectionRoute', id: INSPECTION_LIST }],
    }),
    getInspectionRoute: build.query<InspectionRoute, number>({
      query: (routeId) => ({ url: `/operation/inspection/route/${routeId}` }),
      transformResponse: routeOf,
      providesTags: (_result, _error, routeId) => [{ type: 'InspectionRoute', id: routeId }],
    }),
    saveInspectionRoute: build.mutation<void, InspectionRouteChange>({
      query: (body) => ({ url: '/operation/inspection/route', method: body.routeId === undefined ? 'POST' : 'PUT', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: (_result, _error, { routeId }) => [...inspectionTags('InspectionRoute', routeId), ...namedByPlansAndTasks],
    }),
    deleteInspectionRoutes: build.mutation<void, number[]>({
      query: (routeIds) => ({ url: `/operation/inspection/route/${routeIds.join(',')}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: [{ type: 'InspectionRoute', id: INSPECTION_LIST }],
    }),

    getInspectionPlans: build.query<ListPage<InspectionPlan>, InProject<InspectionPlanQuery>>({
      query: ({ projectId: _projectId, ...params }) => ({ url: '/operation/inspection/plan/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => toListPage<InspectionPlan>(envelope),
      providesTags: [{ type: 'InspectionPlan', id: INSPECTION_LIST }],
    }),
    getInspectionPlan: build.query<InspectionPlan, number>({
      query: (planId) => ({ url: `/operation/inspection/plan/${planId}` }),
      transformResponse: (envelope: Envelope) => dataOf<InspectionPlan>(envelope, {} as InspectionPlan),
      providesTags: (_result, _error, planId) => [{ type: 'InspectionPlan', id: planId }],
    }),
    saveInspectionPlan: build.mutation<void, InspectionPlanChange>({
      query: (body) => ({ url: '/operation/inspection/plan', method: body.planId === undefined ? 'POST' : 'PUT', data: body }),
      transformResponse: () => undefined,
      // the job makes the plan's tasks within seconds: the tasks are asked again
      invalidatesTags: (_result, _error, { planId }) => [...inspectionTags('InspectionPlan', planId), ...changedTasks()],
    }),
    deleteInspectionPlans: build.mutation<void, number[]>({
      query: (planIds) => ({ url: `/operation/inspection/plan/${planIds.join(',')}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      // its tasks stay, without their plan
      invalidatesTags: [{ type: 'InspectionPlan', id: INSPECTION_LIST }, ...changedTasks()],
    }),

    getInspectionTasks: build.query<ListPage<InspectionTask>, InProject<InspectionTaskQuery>>({
      query: ({ projectId: _projectId, ...params }) => ({ url: '/operation/inspection/task/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => toListPage<InspectionTask>(envelope),
      providesTags: [{ type: 'InspectionTask', id: INSPECTION_LIST }],
    }),
    /** Tasks in each status (the argument, the project id, only keys the cache). */
    getInspectionTaskCounts: build.query<InspectionTaskCounts, string>({
      query: () => ({ url: '/operation/inspection/task/counts' }),
      transformResponse: (envelope: Envelope) => taskCountsOf(envelope),
      providesTags: ['InspectionTaskCounts'],
    }),
    getInspectionTask: build.query<InspectionTaskDetail, number>({
      query: (taskId) => ({ url: `/operation/inspection/task/${taskId}` }),
      transformResponse: taskDetailOf,
      providesTags: (_result, _error, taskId) => [{ type: 'InspectionTask', id: taskId }],
    }),
    addInspectionTask: build.mutation<void, InspectionTaskChange>({
      query: (body) => ({ url: '/operation/inspection/task', method: 'POST', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: changedTasks(),
    }),
    deleteInspectionTasks: build.mutation<void, number[]>({
      query: (taskIds) => ({ url: `/operation/inspection/task/${taskIds.join(',')}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: changedTasks(),
    }),
    /** Records a task's results; abnormal points may open work orders, whose lists are then stale too. */
    dealInspectionTask: build.mutation<InspectionDealt, InspectionDeal>({
      query: (body) => ({ url: '/operation/inspection/task/deal', method: 'PUT', data: body }),
      transformResponse: dealtOf,
      invalidatesTags: (_result, _error, { taskId }) => [...changedTasks(taskId), ...changedTags()],
    }),

    /* ---- maintenance (docs/maintenance-api.md) ---- */

    getMaintenanceCompanies: build.query<ListPage<MaintenanceCompany>, InProject<MaintenanceCompanyQuery>>({
      query: ({ projectId: _projectId, ...params }) => ({ url: '/operation/maintenance/company/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => toListPage<MaintenanceCompany>(envelope),
      providesTags: [{ type: 'MaintenanceCompany', id: MAINTENANCE_LIST }],
    }),
    getMaintenanceCompany: build.query<MaintenanceCompany, number>({
      query: (companyId) => ({ url: `/operation/maintenance/company/${companyId}` }),
      transformResponse: (envelope: Envelope) => dataOf<MaintenanceCompany>(envelope, {} as MaintenanceCompany),
      providesTags: (_result, _error, companyId) => [{ type: 'MaintenanceCompany', id: companyId }],
    }),
    /** Adds or edits a company; answers its id. */
    saveMaintenanceCompany: build.mutation<number, MaintenanceCompanyChange>({
      query: (body) => ({ url: '/operation/maintenance/company', method: body.companyId === undefined ? 'POST' : 'PUT', data: body }),
      transformResponse: (envelope: Envelope) => savedIdOf(envelope, 'companyId'),
      // contracts and plans show the company's name
      invalidatesTags: (_result, _error, { companyId }) => [
        ...maintenanceTags('MaintenanceCompany', companyId),
        { type: 'MaintenanceContract', id: MAINTENANCE_LIST },
        { type: 'MaintenancePlan', id: MAINTENANCE_LIST },
      ],
    }),
    deleteMaintenanceCompanies: build.mutation<void, number[]>({
      query: (companyIds) => ({ url: `/operation/maintenance/company/${companyIds.join(',')}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: [{ type: 'MaintenanceCompany', id: MAINTENANCE_LIST }],
    }),

    getMaintenanceContracts: build.query<ListPage<MaintenanceContract>, InProject<MaintenanceContractQuery>>({
      query: ({ projectId: _projectId, ...params }) => ({ url: '/operation/maintenance/contract/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => {
        const page = toListPage<MaintenanceContract>(envelope);
        return { ...page, rows: page.rows.map(contractOf) };
      },
      providesTags: [{ type: 'MaintenanceContract', id: MAINTENANCE_LIST }],
    }),
    getMaintenanceContract: build.query<MaintenanceContract, number>({
      query: (contractId) => ({ url: `/operation/maintenance/contract/${contractId}` }),
      transformResponse: (envelope: Envelope) => contractOf(dataOf<MaintenanceContract>(envelope, {} as MaintenanceContract)),
      providesTags: (_result, _error, contractId) => [{ type: 'MaintenanceContract', id: contractId }],
    }),
    /** Adds or edits a contract; answers its id. */
    saveMaintenanceContract: build.mutation<number, MaintenanceContractChange>({
      query: (body) => ({ url: '/operation/maintenance/contract', method: body.contractId === undefined ? 'POST' : 'PUT', data: body }),
      transformResponse: (envelope: Envelope) => savedIdOf(envelope, 'contractId'),
      // the companies count their contracts; plans show the contract's number and company
      invalidatesTags: (_result, _error, { contractId }) => [
        ...maintenanceTags('MaintenanceContract', contractId),
        { type: 'MaintenanceCompany', id: MAINTENANCE_LIST },
        { type: 'MaintenancePlan', id: MAINTENANCE_LIST },
      ],
    }),
    deleteMaintenanceContracts: build.mutation<void, number[]>({
      query: (contractIds) => ({ url: `/operation/maintenance/contract/${contractIds.join(',')}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: [
        { type: 'MaintenanceContract', id: MAINTENANCE_LIST },
        { type: 'MaintenanceCompany', id: MAINTENANCE_LIST },
      ],
    }),

    getMaintenancePlans: build.query<ListPage<MaintenancePlan>, InProject<MaintenancePlanQuery>>({
      query: ({ projectId: _projectId, ...params }) => ({ url: '/operation/maintenance/plan/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => toListPage<MaintenancePlan>(envelope),
      providesTags: [{ type: 'MaintenancePlan', id: MAINTENANCE_LIST }],
    }),
    /** Plans unfinished, finished, and unfinished past their date (the argument, the project id, only keys the cache). */
    getMaintenancePlanCounts: build.query<MaintenancePlanCounts, string>({
      query: () => ({ url: '/operation/maintenance/plan/counts' }),
      transformResponse: (envelope: Envelope) => planCountsOf(envelope),
      providesTags: ['MaintenancePlanCounts'],
    }),
    getMaintenancePlan: build.query<MaintenancePlan, number>({
      query: (planId) => ({ url: `/operation/maintenance/plan/${planId}` }),
      transformResponse: (envelope: Envelope) => dataOf<MaintenancePlan>(envelope, {} as MaintenancePlan),
      providesTags: (_result, _error, planId) => [{ type: 'MaintenancePlan', id: planId }],
    }),
    /** Adds or edits an unfinished plan; answers its id. */
    saveMaintenancePlan: build.mutation<number, MaintenancePlanChange>({
      query: (body) => ({ url: '/operation/maintenance/plan', method: body.planId === undefined ? 'POST' : 'PUT', data: body }),
      transformResponse: (envelope: Envelope) => savedIdOf(envelope, 'planId'),
      invalidatesTags: (_result, _error, { planId }) => changedMaintenancePlans(planId),
    }),
    deleteMaintenancePlans: build.mutation<void, number[]>({
      query: (planIds) => ({ url: `/operation/maintenance/plan/${planIds.join(',')}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: changedMaintenancePlans(),
    }),
    /** Records an unfinished plan as done, with its result; answers the new status. */
    finishMaintenancePlan: build.mutation<string, MaintenancePlanFinish>({
      query: (body) => ({ url: '/operation/maintenance/plan/finish', method: 'PUT', data: body }),
      transformResponse: (envelope: Envelope) => {
        const status = envelope.status ?? dataOf<{ status?: unknown }>(envelope, {}).status;
        return typeof status === 'string' ? status : '';
      },
      invalidatesTags: (_result, _error, { planId }) => changedMaintenancePlans(planId),
    }),
  }),
});

export const {
  useGetWorkOrdersQuery,
  useGetWorkOrderCountsQuery,
  useGetWorkOrderQuery,
  useAddWorkOrderMutation,
  useActOnWorkOrderMutation,
  useGetInspectionTeamsQuery,
  useGetInspectionTeamQuery,
  useSaveInspectionTeamMutation,
  useDeleteInspectionTeamsMutation,
  useGetInspectionRoutesQuery,
  useGetInspectionRouteQuery,
  useSaveInspectionRouteMutation,
  useDeleteInspectionRoutesMutation,
  useGetInspectionPlansQuery,
  useGetInspectionPlanQuery,
  useSaveInspectionPlanMutation,
  useDeleteInspectionPlansMutation,
  useGetInspectionTasksQuery,
  useGetInspectionTaskCountsQuery,
  useGetInspectionTaskQuery,
  useAddInspectionTaskMutation,
  useDeleteInspectionTasksMutation,
  useDealInspectionTaskMutation,
  useGetMaintenanceCompaniesQuery,
  useGetMaintenanceCompanyQuery,
  useSaveMaintenanceCompanyMutation,
  useDeleteMaintenanceCompaniesMutation,
  useGetMaintenanceContractsQuery,
  useGetMaintenanceContractQuery,
  useSaveMaintenanceContractMutation,
  useDeleteMaintenanceContractsMutation,
  useGetMaintenancePlansQuery,
  useGetMaintenancePlanCountsQuery,
  useGetMaintenancePlanQuery,
  useSaveMaintenancePlanMutation,
  useDeleteMaintenancePlansMutation,
  useFinishMaintenancePlanMutation,
} = operationApi;
