import { api } from '../../api/api';
import type { Envelope } from '../../api/errors';
import { dataOf, toListPage, type ListPage } from '../../api/lists';
import type {
  CombinedScene,
  CombinedSceneChange,
  CombinedSceneDetail,
  CombinedSceneQuery,
  ControlAck,
  Gateway,
  GatewayAdded,
  GatewayChange,
  GatewayCredential,
  GatewayDetail,
  GatewayParamsChange,
  GatewayQuery,
  GatewayResults,
  GatewaySchedule,
  IssueState,
  LoopSwitch,
  NightPlan,
  NightPlanQuery,
  OneKeyAnswer,
  OneKeyRecord,
  OnlineEvent,
  PowerSeries,
  Scene,
  SceneChange,
  SceneDetail,
  SceneQuery,
  Site,
  Task,
  TaskChange,
  TaskIssueAnswer,
  TaskQuery,
} from './types';

/** Tag of the gateway list (one per gateway otherwise, by id). */
export const GATEWAY_LIST = 'LIST';

/**
 * The scheduler's tags: scenes, combined scenes and tasks (a list, and one per row by id), the
 * site, the plan, the schedules issued to the gateways.
 */
const SCHEDULE_TAGS = ['Scene', 'CombinedScene', 'Task', 'LightingSite', 'NightPlan', 'GatewaySchedule'] as const;
const LIST = 'LIST';

/** A task's issue state while it is being issued. */
const BEING_ISSUED: IssueState = '1';

const EMPTY_ACK: ControlAck = { correlationId: '', elapsedMs: 0, loops: [] };

/** A credential as the server sends it, or undefined when it is not one. */
function credentialOf(value: unknown): GatewayCredential | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { publicKey, jwt, creds } = value as Partial<Record<keyof GatewayCredential, unknown>>;
  return typeof jwt === 'string' && typeof creds === 'string' && jwt !== '' && creds !== ''
    ? { publicKey: typeof publicKey === 'string' ? publicKey : '', jwt, creds }
    : undefined;
}

/** A list's rows with their number ids, from either a number or a numeric string. */
function numbers(value: unknown): number[] {
  return Array.isArray(value) ? value.map(Number).filter((id) => Number.isFinite(id)) : [];
}

function texts(value: unknown): string[] {
  return Array.isArray(value) ? value.map((text) => (typeof text === 'string' ? text : String(text))) : [];
}

/** A task as the console reads it: its lists always lists. */
function taskOf(row: Task): Task {
  return {
    ...row,
    sceneIds: numbers(row.sceneIds),
    sceneNames: texts(row.sceneNames),
    gatewayIds: numbers(row.gatewayIds),
    gatewayNames: texts(row.gatewayNames),
    weekdays: Array.isArray(row.weekdays) ? texts(row.weekdays).join(',') : (row.weekdays ?? ''),
  };
}

/** The answer of a command sent to many gateways, its results always a list. */
function resultsOf<T extends GatewayResults>(envelope: Envelope, empty: T): T {
  const answer = dataOf<T>(envelope, empty);
  return { ...answer, results: Array.isArray(answer.results) ? answer.results : [] };
}

/** A combined scene as the console reads it: its member names always a list. */
function combinedSceneOf(row: CombinedScene): CombinedScene {
  return { ...row, memberNames: texts(row.memberNames) };
}

/** The night plan with its lists always lists. */
function planOf(plan: NightPlan): NightPlan {
  const gateways = Array.isArray(plan.gateways) ? plan.gateways : [];
  return {
    ...plan,
    gateways: gateways.map((gateway) => {
      const loops = Array.isArray(gateway.loops) ? gateway.loops : [];
      return { ...gateway, loops: loops.map((loop) => ({ ...loop, segments: Array.isArray(loop.segments) ? loop.segments : [] })) };
    }),
  };
}

/** The lighting screens' calls (contract: Lighting). */
export const lightingApi = api.enhanceEndpoints({ addTagTypes: SCHEDULE_TAGS }).injectEndpoints({
  endpoints: (build) => ({
    getGateways: build.query<ListPage<Gateway>, GatewayQuery>({
      query: (params) => ({ url: '/lighting/gateway/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => toListPage<Gateway>(envelope),
      providesTags: (result) => [
        { type: 'Gateway', id: GATEWAY_LIST },
        ...(result?.rows ?? []).map((row) => ({ type: 'Gateway' as const, id: row.gatewayId })),
      ],
    }),
    getGateway: build.query<GatewayDetail, number>({
      query: (gatewayId) => ({ url: `/lighting/gateway/${gatewayId}` }),
      transformResponse: (envelope: Envelope) => {
        const detail = dataOf<GatewayDetail | undefined>(envelope, undefined);
        if (!detail) throw new Error('gateway detail missing');
        return { ...detail, loops: Array.isArray(detail.loops) ? detail.loops : [] };
      },
      providesTags: (_result, _error, gatewayId) => [{ type: 'Gateway', id: gatewayId }],
    }),
    /** Registers a gateway; answers its id and its credential (shown once). */
    addGateway: build.mutation<GatewayAdded, GatewayChange>({
      query: (body) => ({ url: '/lighting/gateway', method: 'POST', data: body }),
      transformResponse: (envelope: Envelope) => {
        const added = dataOf<Partial<GatewayAdded>>(envelope, {});
        return { gatewayId: added.gatewayId ?? 0, credential: credentialOf(added.credential) ?? null };
      },
      invalidatesTags: [{ type: 'Gateway', id: GATEWAY_LIST }],
    }),
    updateGateway: build.mutation<void, GatewayChange & { gatewayId: number }>({
      query: (body) => ({ url: '/lighting/gateway', method: 'PUT', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: (_result, _error, body) => [
        { type: 'Gateway', id: GATEWAY_LIST },
        { type: 'Gateway', id: body.gatewayId },
      ],
    }),
    deleteGateways: build.mutation<void, number[]>({
      query: (ids) => ({ url: `/lighting/gateway/${ids.join(',')}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: [{ type: 'Gateway', id: GATEWAY_LIST }],
    }),
    /** Issues the gateway a new credential (shown once); the previous one stops working. */
    issueGatewayCredential: build.mutation<GatewayCredential, number>({
      query: (gatewayId) => ({ url: `/lighting/gateway/${gatewayId}/credential`, method: 'POST' }),
      transformResponse: (envelope: Envelope) => {
        const credential = credentialOf(envelope.data);
        if (!credential) throw new Error('gateway credential missing');
        return credential;
      },
    }),
    /**
     * Sends heartbeat and telemetry intervals to gateways of one brand (an interval left out
     * stays as it is); answers the outcome per gateway. Gateways of several brands, one
     * without a brand, a value out of range or no parameter are refused whole (code 500).
     */
    setGatewayParams: build.mutation<GatewayResults, GatewayParamsChange>({
      query: (body) => ({ url: '/lighting/gateway/params', method: 'POST', data: body }),
      transformResponse: (envelope: Envelope) => resultsOf<GatewayResults>(envelope, { total: 0, succeeded: 0, failed: 0, results: [] }),
      invalidatesTags: (_result, _error, body) => [
        { type: 'Gateway', id: GATEWAY_LIST },
        ...body.gatewayIds.map((id) => ({ type: 'Gateway' as const, id })),
      ],
    }),
    /**
     * Switches one loop, on at a brightness when one is given (full when none); answers the
     * gateway's acknowledgement. Under a schedule the switch holds until the schedule's next
     * step, or for `holdMinutes` (1 to 1440) when that comes first.
     */
    controlLoop: build.mutation<ControlAck, LoopSwitch>({
      query: (body) => ({ url: '/lighting/control/loop', method: 'POST', data: body }),
      transformResponse: (envelope: Envelope) => dataOf(envelope, EMPTY_ACK),
    }),
    /** Asks the gateway for its current readings. */
    readGateway: build.mutation<ControlAck, { gatewayId: number }>({
      query: (body) => ({ url: '/lighting/control/read', method: 'POST', data: body }),
      transformResponse: (envelope: Envelope) => dataOf(envelope, EMPTY_ACK),
    }),
    getGatewayPower: build.query<PowerSeries, { gatewayId: number; loopIndex: number; hours?: number }>({
      query: ({ gatewayId, loopIndex, hours = 24 }) => ({
        url: `/lighting/gateway/${gatewayId}/power`,
        params: { loopIndex, hours },
      }),
      transformResponse: (envelope: Envelope, _meta, { loopIndex }) => {
        const series = dataOf<Partial<PowerSeries>>(envelope, {});
        return { loopIndex: series.loopIndex ?? loopIndex, points: Array.isArray(series.points) ? series.points : [] };
      },
      providesTags: (_result, _error, { gatewayId }) => [{ type: 'Gateway', id: gatewayId }],
    }),
    getGatewayOnlineHistory: build.query<ListPage<OnlineEvent>, { gatewayId: number; pageNum: number; pageSize: number }>({
      query: ({ gatewayId, pageNum, pageSize }) => ({
        url: `/lighting/gateway/${gatewayId}/onlineHistory`,
        params: { pageNum, pageSize },
      }),
      transformResponse: (envelope: Envelope) => toListPage<OnlineEvent>(envelope),
      providesTags: (_result, _error, { gatewayId }) => [{ type: 'GatewayHistory', id: gatewayId }],
    }),
    /** Switches every loop of every gateway of the project. */
    oneKeyControl: build.mutation<OneKeyAnswer, { on: boolean }>({
      query: (body) => ({ url: '/lighting/oneKey/control', method: 'POST', data: body }),
      transformResponse: (envelope: Envelope) => resultsOf<OneKeyAnswer>(envelope, { recordId: 0, total: 0, succeeded: 0, failed: 0, results: [] }),
      invalidatesTags: ['OneKeyRecord', { type: 'Gateway', id: GATEWAY_LIST }],
    }),
    getOneKeyRecords: build.query<ListPage<OneKeyRecord>, { pageNum: number; pageSize: number }>({
      query: (params) => ({ url: '/lighting/oneKey/record/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => toListPage<OneKeyRecord>(envelope),
      providesTags: ['OneKeyRecord'],
    }),

    // Power scenes, tasks, the site and tonight's plan (docs/api-compatibility.md, issue 12).
    getScenes: build.query<ListPage<Scene>, SceneQuery>({
      query: (params) => ({ url: '/lighting/scene/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => toListPage<Scene>(envelope),
      providesTags: (result) => [{ type: 'Scene', id: LIST }, ...(result?.rows ?? []).map((row) => ({ type: 'Scene' as const, id: row.sceneId }))],
    }),
    getScene: build.query<SceneDetail, number>({
      query: (sceneId) => ({ url: `/lighting/scene/${sceneId}` }),
      transformResponse: (envelope: Envelope) => {
        const detail = dataOf<SceneDetail | undefined>(envelope, undefined);
        if (!detail) throw new Error('scene detail missing');
        return { ...detail, loops: Array.isArray(detail.loops) ? detail.loops : [] };
      },
      providesTags: (_result, _error, sceneId) => [{ type: 'Scene', id: sceneId }],
    }),
    addScene: build.mutation<number, SceneChange>({
      query: (body) => ({ url: '/lighting/scene', method: 'POST', data: body }),
      transformResponse: (envelope: Envelope) => Number(envelope.data ?? 0),
      invalidatesTags: [{ type: 'Scene', id: LIST }],
    }),
    /**
     * A scene's new loops change the plan of the tasks using it (directly or through a combined
     * scene), and its name their rows and the combined scenes' member names.
     */
    updateScene: build.mutation<void, SceneChange & { sceneId: number }>({
      query: (body) => ({ url: '/lighting/scene', method: 'PUT', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: (_result, _error, body) => [
        { type: 'Scene', id: LIST },
        { type: 'Scene', id: body.sceneId },
        'CombinedScene',
        { type: 'Task', id: LIST },
        'NightPlan',
      ],
    }),
    deleteScenes: build.mutation<void, number[]>({
      query: (ids) => ({ url: `/lighting/scene/${ids.join(',')}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: [{ type: 'Scene', id: LIST }],
    }),
    // Combined scenes: power scenes applied at once or one after another (docs/scheduler.md).
    getCombinedScenes: build.query<ListPage<CombinedScene>, CombinedSceneQuery>({
      query: (params) => ({ url: '/lighting/combinedScene/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => {
        const page = toListPage<CombinedScene>(envelope);
        return { ...page, rows: page.rows.map(combinedSceneOf) };
      },
      providesTags: (result) => [
        { type: 'CombinedScene', id: LIST },
        ...(result?.rows ?? []).map((row) => ({ type: 'CombinedScene' as const, id: row.sceneId })),
      ],
    }),
    /** A combined scene with its members in order. */
    getCombinedScene: build.query<CombinedSceneDetail, number>({
      query: (sceneId) => ({ url: `/lighting/combinedScene/${sceneId}` }),
      transformResponse: (envelope: Envelope) => {
        const detail = dataOf<CombinedSceneDetail | undefined>(envelope, undefined);
        if (!detail) throw new Error('combined scene detail missing');
        return { ...combinedSceneOf(detail), members: Array.isArray(detail.members) ? detail.members : [] };
      },
      providesTags: (_result, _error, sceneId) => [{ type: 'CombinedScene', id: sceneId }],
    }),
    addCombinedScene: build.mutation<number, CombinedSceneChange>({
      query: (body) => ({ url: '/lighting/combinedScene', method: 'POST', data: body }),
      transformResponse: (envelope: Envelope) => Number(envelope.data ?? 0),
      invalidatesTags: [{ type: 'CombinedScene', id: LIST }],
    }),
    /** Refused while an enabled task uses it; else its members change the plan of the tasks using it, and its name their rows. */
    updateCombinedScene: build.mutation<void, CombinedSceneChange & { sceneId: number }>({
      query: (body) => ({ url: '/lighting/combinedScene', method: 'PUT', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: (_result, _error, body) => [
        { type: 'CombinedScene', id: LIST },
        { type: 'CombinedScene', id: body.sceneId },
        { type: 'Task', id: LIST },
        'NightPlan',
      ],
    }),
    /** All or none; refused while a task uses one. */
    deleteCombinedScenes: build.mutation<void, number[]>({
      query: (ids) => ({ url: `/lighting/combinedScene/${ids.join(',')}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: [{ type: 'CombinedScene', id: LIST }],
    }),
    getTasks: build.query<ListPage<Task>, TaskQuery>({
      query: (params) => ({ url: '/lighting/task/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => {
        const page = toListPage<Task>(envelope);
        return { ...page, rows: page.rows.map(taskOf) };
      },
      providesTags: (result) => [{ type: 'Task', id: LIST }, ...(result?.rows ?? []).map((row) => ({ type: 'Task' as const, id: row.taskId }))],
    }),
    getTask: build.query<Task, number>({
      query: (taskId) => ({ url: `/lighting/task/${taskId}` }),
      transformResponse: (envelope: Envelope) => {
        const task = dataOf<Task | undefined>(envelope, undefined);
        if (!task) throw new Error('task missing');
        return taskOf(task);
      },
      providesTags: (_result, _error, taskId) => [{ type: 'Task', id: taskId }],
    }),
    addTask: build.mutation<number, TaskChange>({
      query: (body) => ({ url: '/lighting/task', method: 'POST', data: body }),
      transformResponse: (envelope: Envelope) => Number(envelope.data ?? 0),
      invalidatesTags: [{ type: 'Task', id: LIST }],
    }),
    updateTask: build.mutation<void, TaskChange & { taskId: number }>({
      query: (body) => ({ url: '/lighting/task', method: 'PUT', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: (_result, _error, body) => [{ type: 'Task', id: LIST }, { type: 'Task', id: body.taskId }, 'NightPlan'],
    }),
    /** Enables ("1") or disables ("0") a task, as RuoYi's job changeStatus. */
    changeTaskStatus: build.mutation<void, { taskId: number; enabled: string }>({
      query: (body) => ({ url: '/lighting/task/changeStatus', method: 'PUT', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: (_result, _error, body) => [{ type: 'Task', id: LIST }, { type: 'Task', id: body.taskId }, 'NightPlan'],
    }),
    deleteTasks: build.mutation<void, number[]>({
      query: (ids) => ({ url: `/lighting/task/${ids.join(',')}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: [{ type: 'Task', id: LIST }, 'NightPlan'],
    }),
    /**
     * Issues the tasks: each gateway they address is sent its schedule compiled from all the
     * project's enabled tasks; answers the outcome per gateway. The tasks show "being issued"
     * ('1') until the answer comes, then the list is read again.
     */
    issueTasks: build.mutation<TaskIssueAnswer, number[]>({
      query: (taskIds) => ({ url: '/lighting/task/issue', method: 'POST', data: { taskIds } }),
      transformResponse: (envelope: Envelope) => resultsOf<TaskIssueAnswer>(envelope, { total: 0, succeeded: 0, failed: 0, results: [] }),
      onQueryStarted: async (taskIds, lifecycle) => {
        const { dispatch, queryFulfilled } = lifecycle;
        const issuing = new Set(taskIds);
        const pages = lightingApi.util.selectCachedArgsForQuery(lifecycle.getState(), 'getTasks');
        const patches = pages.map((query) =>
          dispatch(
            lightingApi.util.updateQueryData('getTasks', query, (draft) => {
              for (const row of draft.rows) if (issuing.has(row.taskId)) row.issueState = BEING_ISSUED;
            }),
          ),
        );
        try {
          await queryFulfilled;
        } catch {
          // refused or failed: the state as it was, until the list is read again
          for (const patch of patches) patch.undo();
        }
      },
      invalidatesTags: (_result, _error, taskIds) => [{ type: 'Task', id: LIST }, ...taskIds.map((id) => ({ type: 'Task' as const, id })), 'GatewaySchedule'],
    }),
    /** Each gateway of the project with the schedule it was last issued and its issue state. */
    getGatewaySchedules: build.query<GatewaySchedule[], void>({
      query: () => ({ url: '/lighting/task/gatewaySchedules' }),
      transformResponse: (envelope: Envelope) => (Array.isArray(envelope.data) ? (envelope.data as GatewaySchedule[]) : []),
      providesTags: ['GatewaySchedule'],
    }),
    /** The project's site, null until it is set. */
    getSite: build.query<Site | null, void>({
      query: () => ({ url: '/lighting/site' }),
      transformResponse: (envelope: Envelope) => dataOf<Site | null>(envelope, null),
      providesTags: ['LightingSite'],
    }),
    setSite: build.mutation<void, Site>({
      query: (body) => ({ url: '/lighting/site', method: 'PUT', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: ['LightingSite', 'NightPlan'],
    }),
    /**
     * The night's plan; silent: its refusal (no site yet: code 500) is shown in the drawer,
     * with the way to set the site.
     */
    getNightPlan: build.query<NightPlan, NightPlanQuery>({
      query: (params) => ({ url: '/lighting/plan/tonight', params: { ...params }, silent: true }),
      transformResponse: (envelope: Envelope) => {
        const plan = dataOf<NightPlan | undefined>(envelope, undefined);
        if (!plan) throw new Error('plan missing');
        return planOf(plan);
      },
      // the refusal too, so that setting the site asks again
      providesTags: ['NightPlan'],
    }),
  }),
});

export const {
  useGetGatewaysQuery,
  useGetGatewayQuery,
  useAddGatewayMutation,
  useUpdateGatewayMutation,
  useDeleteGatewaysMutation,
  useIssueGatewayCredentialMutation,
  useSetGatewayParamsMutation,
  useControlLoopMutation,
  useReadGatewayMutation,
  useGetGatewayPowerQuery,
  useGetGatewayOnlineHistoryQuery,
  useOneKeyControlMutation,
  useGetOneKeyRecordsQuery,
  useGetScenesQuery,
  useGetSceneQuery,
  useAddSceneMutation,
  useUpdateSceneMutation,
  useDeleteScenesMutation,
  useGetCombinedScenesQuery,
  useGetCombinedSceneQuery,
  useAddCombinedSceneMutation,
  useUpdateCombinedSceneMutation,
  useDeleteCombinedScenesMutation,
  useGetTasksQuery,
  useGetTaskQuery,
  useAddTaskMutation,
  useUpdateTaskMutation,
  useChangeTaskStatusMutation,
  useDeleteTasksMutation,
  useIssueTasksMutation,
  useGetGatewaySchedulesQuery,
  useGetSiteQuery,
  useSetSiteMutation,
  useGetNightPlanQuery,
} = lightingApi;
