import { api } from '../../api/api';
import type { AppDispatch, RootState } from '../../app/store';
import { ALARM_LIST } from '../alarm/api';
import { selectUser } from '../auth/authSlice';
import { lightingApi } from '../lighting/api';
// types only: the work-order screen's code stays in its lazy page chunk
import type { operationApi, WORK_ORDER_LIST } from '../operation/api';
import type { AlarmEvent, GatewayEvent, LiveEvent, WorkOrderOverdueEvent } from './events';

export interface LiveDeps {
  dispatch: AppDispatch;
  getState: () => RootState;
  /** Tells the user about a raised alarm. */
  announce: (event: AlarmEvent) => void;
  /** Tells the signed-in user that a work order they handle is overdue. */
  announceOverdue: (event: WorkOrderOverdueEvent) => void;
}

/** Tags of everything the live stream or the project decides. */
export const PROJECT_TAGS = ['Gateway', 'GatewayHistory', 'OneKeyRecord', 'AlarmType', 'Alarm', 'AlarmOpenCount', 'MainPage'] as const;

function onAlarm(event: AlarmEvent, deps: LiveDeps): void {
  deps.dispatch(
    api.util.invalidateTags([{ type: 'Alarm', id: ALARM_LIST }, { type: 'Alarm', id: event.alarmId }, 'AlarmOpenCount', 'MainPage']),
  );
  if (event.kind === 'raised') deps.announce(event);
}

/**
 * The one API as the work-order screen extends it (features/operation/api.ts adds its tag types
 * and endpoints to this same object when its page is first loaded).
 */
const workOrderApi = api as unknown as typeof operationApi;
const WORK_ORDER_LIST_TAG: typeof WORK_ORDER_LIST = 'LIST';
/** An endpoint of the work-order screen: present once its code is loaded. */
const WORK_ORDER_ENDPOINT: keyof typeof operationApi.endpoints = 'getWorkOrders';

/**
 * Refetches the work-order lists and tab counts (and the order's detail). Before the screen's
 * code is loaded nothing of it is cached, and the API does not know its tag types yet.
 */
function invalidateWorkOrders(deps: LiveDeps, workOrderId?: number): void {
  if (!(WORK_ORDER_ENDPOINT in api.endpoints)) return;
  deps.dispatch(
    workOrderApi.util.invalidateTags([
      { type: 'WorkOrder', id: WORK_ORDER_LIST_TAG },
      ...(workOrderId === undefined ? [] : [{ type: 'WorkOrder' as const, id: workOrderId }]),
      'WorkOrderCounts',
    ]),
  );
}

/** The order's overdue flag and the counts change for everyone who sees it; its handler is told. */
function onWorkOrder(event: WorkOrderOverdueEvent, deps: LiveDeps): void {
  invalidateWorkOrders(deps, event.workOrderId);
  const user = selectUser(deps.getState());
  if (event.kind === 'overdue' && event.handlerId !== null && user && String(user.userId) === String(event.handlerId)) {
    deps.announceOverdue(event);
  }
}

/** A gateway's new online state goes straight into the cached list pages and detail. */
function onGateway(event: GatewayEvent, deps: LiveDeps): void {
  const { gatewayId, onlineStatus, time } = event;
  const cached = lightingApi.util.selectInvalidatedBy(deps.getState(), [{ type: 'Gateway', id: gatewayId }]);
  for (const { endpointName, originalArgs } of cached) {
    if (endpointName === 'getGateways') {
      deps.dispatch(
        lightingApi.util.updateQueryData('getGateways', originalArgs as Parameters<typeof lightingApi.endpoints.getGateways.initiate>[0], (draft) => {
          const row = draft.rows.find((candidate) => candidate.gatewayId === gatewayId);
          if (!row) return;
          row.onlineStatus = onlineStatus;
          if (time) row.lastSeenTime = time;
        }),
      );
    } else if (endpointName === 'getGateway') {
      deps.dispatch(
        lightingApi.util.updateQueryData('getGateway', gatewayId, (draft) => {
          draft.onlineStatus = onlineStatus;
          if (time) draft.lastSeenTime = time;
        }),
      );
    }
  }
  deps.dispatch(api.util.invalidateTags([{ type: 'GatewayHistory', id: gatewayId }, 'MainPage']));
}

/** Puts one live event into the store. */
export function dispatchLiveEvent(event: LiveEvent, deps: LiveDeps): void {
  switch (event.type) {
    case 'alarm':
      onAlarm(event.data, deps);
      return;
    case 'gateway':
      onGateway(event.data, deps);
      return;
    case 'workOrder':
      onWorkOrder(event.data, deps);
      return;
    case 'resync':
      deps.dispatch(api.util.invalidateTags(['Alarm', 'AlarmOpenCount', 'Gateway', 'GatewayHistory', 'MainPage']));
      invalidateWorkOrders(deps);
      return;
    case 'ping':
      return;
  }
}
