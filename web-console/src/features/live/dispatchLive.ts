import { api } from '../../api/api';
import type { AppDispatch, RootState } from '../../app/store';
import { ALARM_LIST } from '../alarm/api';
import { lightingApi } from '../lighting/api';
import type { AlarmEvent, GatewayEvent, LiveEvent } from './events';

export interface LiveDeps {
  dispatch: AppDispatch;
  getState: () => RootState;
  /** Tells the user about a raised alarm. */
  announce: (event: AlarmEvent) => void;
}

/** Tags of everything the live stream or the project decides. */
export const PROJECT_TAGS = ['Gateway', 'GatewayHistory', 'OneKeyRecord', 'AlarmType', 'Alarm', 'AlarmOpenCount', 'MainPage'] as const;

function onAlarm(event: AlarmEvent, deps: LiveDeps): void {
  deps.dispatch(
    api.util.invalidateTags([{ type: 'Alarm', id: ALARM_LIST }, { type: 'Alarm', id: event.alarmId }, 'AlarmOpenCount', 'MainPage']),
  );
  if (event.kind === 'raised') deps.announce(event);
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
    case 'resync':
      deps.dispatch(api.util.invalidateTags(['Alarm', 'AlarmOpenCount', 'Gateway', 'GatewayHistory', 'MainPage']));
      return;
    case 'ping':
      return;
  }
}
