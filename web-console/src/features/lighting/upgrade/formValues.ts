import { CONCURRENCY_DEFAULT, FAILURE_THRESHOLD_DEFAULT } from '../rules';
import type { CampaignChange, CampaignScope } from '../types';

/** The campaign form's fields. */
export interface CampaignFormValues {
  firmwareId?: number;
  scope: CampaignScope;
  groupId?: number;
  gatewayIds?: number[];
  concurrency?: number;
  failureThreshold?: number;
}

/** The form's values as the server takes them: the group or the gateways of the scope only. */
export function toCampaignChange(values: CampaignFormValues): CampaignChange {
  const change: CampaignChange = {
    firmwareId: values.firmwareId ?? 0,
    scope: values.scope,
    concurrency: values.concurrency ?? CONCURRENCY_DEFAULT,
    failureThreshold: values.failureThreshold ?? FAILURE_THRESHOLD_DEFAULT,
  };
  if (values.scope === 'group') change.groupId = values.groupId;
  if (values.scope === 'list') change.gatewayIds = values.gatewayIds ?? [];
  return change;
}

