import type { Gateway, GatewayChange, GatewayParamsChange } from '../types';

/** The gateway form's fields: loop names by position (loop 1 first). */
export interface GatewayFormValues {
  gatewayName: string;
  gatewayNumber: string;
  communicationType?: string;
  loopCount?: number;
  loopNames?: (string | undefined)[];
  gatewayType?: string;
  brand?: string;
  remark?: string;
}

export const NEW_GATEWAY: Partial<GatewayFormValues> = { loopCount: 1 };

/** A listed gateway in the form (its loop names come with its detail). */
export function toValues({ gatewayName, gatewayNumber, communicationType, loopCount, gatewayType, brand, remark }: Gateway): GatewayFormValues {
  return { gatewayName, gatewayNumber, communicationType, loopCount, gatewayType: gatewayType ?? '', brand: brand ?? '', remark };
}

/** Loop names by position, from the detail's loops. */
export function loopNamesOf(loops: readonly { loopIndex: number; loopName: string }[]): string[] {
  const names: string[] = [];
  for (const loop of loops) names[loop.loopIndex - 1] = loop.loopName;
  return names;
}

/** The form's values as the server takes them: texts trimmed, one name per loop. */
export function toChange(values: GatewayFormValues): GatewayChange {
  const count = values.loopCount ?? 0;
  return {
    gatewayName: values.gatewayName.trim(),
    gatewayNumber: values.gatewayNumber,
    communicationType: values.communicationType ?? '',
    loopCount: count,
    loops: Array.from({ length: count }, (_unused, index) => ({
      loopIndex: index + 1,
      loopName: (values.loopNames?.[index] ?? '').trim(),
    })),
    gatewayType: (values.gatewayType ?? '').trim(),
    brand: (values.brand ?? '').trim(),
    remark: (values.remark ?? '').trim(),
  };
}

/** The parameters form's fields: an interval left empty stays as the gateway has it. */
export interface GatewayParamsValues {
  heartbeatInterval?: number | null;
  telemetryInterval?: number | null;
}

/** The parameters as the server takes them, for the chosen gateways: an empty interval left out. */
export function toParamsChange(gateways: readonly Gateway[], { heartbeatInterval, telemetryInterval }: GatewayParamsValues): GatewayParamsChange {
  return {
    gatewayIds: gateways.map((gateway) => gateway.gatewayId),
    ...(typeof heartbeatInterval === 'number' ? { heartbeatInterval } : {}),
    ...(typeof telemetryInterval === 'number' ? { telemetryInterval } : {}),
  };
}
