import { useGetGatewaysQuery, useGetScenesQuery } from '../api';

/** How many gateways or scenes a picker offers: the server's largest page. */
export const CHOICES_PAGE = 500;

export interface GatewayChoice {
  value: number;
  label: string;
  /** Unknown (undefined) for a gateway known only by name (beyond the first page). */
  loopCount?: number;
}

export interface SceneChoice {
  value: number;
  label: string;
}

/** "北区网关 (GW-0007)". */
export const gatewayLabel = (name: string, number?: string) => (number ? `${name} (${number})` : name);

/** `listed`, then those of `named` it does not hold (by value). */
function withNamed<C extends { value: number }>(listed: C[], named: readonly C[]): C[] {
  const seen = new Set(listed.map((choice) => choice.value));
  return [...listed, ...named.filter((choice) => !seen.has(choice.value) && seen.add(choice.value))];
}

/**
 * The project's gateways for a picker (the first 500 of the gateway list), and the ones a
 * record names besides, so that these keep their names.
 */
export function useGatewayChoices(named: readonly { gatewayId: number; gatewayName: string; gatewayNumber?: string }[] = []) {
  const { data, isFetching } = useGetGatewaysQuery({ pageNum: 1, pageSize: CHOICES_PAGE });
  const listed: GatewayChoice[] = (data?.rows ?? []).map((row) => ({
    value: row.gatewayId,
    label: gatewayLabel(row.gatewayName, row.gatewayNumber),
    loopCount: row.loopCount,
  }));
  const others = named.map((gateway) => ({ value: gateway.gatewayId, label: gatewayLabel(gateway.gatewayName, gateway.gatewayNumber) }));
  return { choices: withNamed(listed, others), loading: isFetching };
}

/** The project's scenes for a picker (the first 500), and the ones a record names besides. */
export function useSceneChoices(named: readonly { sceneId: number; sceneName: string }[] = []) {
  const { data, isFetching } = useGetScenesQuery({ pageNum: 1, pageSize: CHOICES_PAGE });
  const listed: SceneChoice[] = (data?.rows ?? []).map((row) => ({ value: row.sceneId, label: row.sceneName }));
  const others = named.map((scene) => ({ value: scene.sceneId, label: scene.sceneName }));
  return { choices: withNamed(listed, others), loading: isFetching };
}
