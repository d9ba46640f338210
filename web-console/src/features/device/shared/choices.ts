import { useMemo } from 'react';
import type { SelectOption } from '../../../components/listPage';
import { useGetGatewaysQuery } from '../../lighting/api';
import { useGetDeviceGroupsQuery, useGetDevicesQuery, useGetDeviceTypesQuery } from '../api';

/** What a picker lists: the first 500 (the most a page holds). */
export const CHOICES = { pageNum: 1, pageSize: 500 };

/** A gateway to hang a device on, with its loop count (unknown for one known only by name). */
export interface GatewayChoice extends SelectOption {
  value: number;
  loopCount?: number;
}

/** `listed`, then those of `named` it does not hold (by value): a record's own choice beyond the first 500 keeps its name. */
function withNamed<C extends SelectOption>(listed: C[], named: readonly C[]): C[] {
  const seen = new Set(listed.map((choice) => choice.value));
  return [...listed, ...named.filter((choice) => !seen.has(choice.value) && seen.add(choice.value))];
}

/** "北区网关 (GW-0007)", "投光灯 (FLOOD)". */
export const labelOf = (name: string, code?: string) => (code ? `${name} (${code})` : name);

/** The project's equipment types (name and code), and the edited device's own. */
export function useTypeChoices(own?: { typeId: number; typeName: string }) {
  const { data, isFetching } = useGetDeviceTypesQuery(CHOICES);
  const choices = useMemo(
    () =>
      withNamed(
        (data?.rows ?? []).map((type) => ({ value: type.typeId, label: labelOf(type.typeName, type.typeCode) })),
        own ? [{ value: own.typeId, label: own.typeName }] : [],
      ),
    [data, own],
  );
  return { choices, loading: isFetching };
}

/** The project's gateways (name and number, loop count) from the gateway list, and the edited device's own. */
export function useGatewayChoices(own?: { gatewayId: number; gatewayName: string; gatewayNumber: string }) {
  const { data, isFetching } = useGetGatewaysQuery(CHOICES);
  const choices = useMemo<GatewayChoice[]>(
    () =>
      withNamed<GatewayChoice>(
        (data?.rows ?? []).map((gateway) => ({
          value: gateway.gatewayId,
          label: labelOf(gateway.gatewayName, gateway.gatewayNumber),
          loopCount: gateway.loopCount,
        })),
        own ? [{ value: own.gatewayId, label: labelOf(own.gatewayName, own.gatewayNumber) }] : [],
      ),
    [data, own],
  );
  return { choices, loading: isFetching };
}

/** The project's device groups. */
export function useGroupChoices() {
  const { data, isFetching } = useGetDeviceGroupsQuery(CHOICES);
  const choices = useMemo(() => (data?.rows ?? []).map((group) => ({ value: group.groupId, label: group.groupName })), [data]);
  return { choices, loading: isFetching };
}

/** The project's devices (name and code), and those a group holds beyond the first 500. */
export function useDeviceChoices(held: readonly { deviceId: number; deviceName: string; deviceCode: string }[] = []) {
  const { data, isFetching } = useGetDevicesQuery(CHOICES);
  const choices = useMemo(() => {
    const toChoice = (device: { deviceId: number; deviceName: string; deviceCode: string }) => ({
      value: device.deviceId,
      label: labelOf(device.deviceName, device.deviceCode),
    });
    return withNamed((data?.rows ?? []).map(toChoice), held.map(toChoice));
  }, [data, held]);
  return { choices, loading: isFetching };
}
