import { useTranslation } from 'react-i18next';
import { useAccess } from '../../auth/useAccess';
import { useGetCombinedScenesQuery, useGetGatewaysQuery, useGetScenesQuery } from '../api';
import '../i18n';

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

/** Who may list the combined scenes (the task form offers them to these users only). */
const COMBINED_SCENE_LIST = 'lighting:combinedScene:list';

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

/** The project's power scenes for a picker (the first 500), and the ones a record names besides. */
export function useSceneChoices(named: readonly { sceneId: number; sceneName: string }[] = []) {
  const { data, isFetching } = useGetScenesQuery({ pageNum: 1, pageSize: CHOICES_PAGE });
  const listed: SceneChoice[] = (data?.rows ?? []).map((row) => ({ value: row.sceneId, label: row.sceneName }));
  const others = named.map((scene) => ({ value: scene.sceneId, label: scene.sceneName }));
  return { choices: withNamed(listed, others), loading: isFetching };
}

/**
 * The scenes a task may use: the project's power scenes, then its combined scenes labelled as
 * such ("节日组合（组合场景）"; the first 500 of each, the combined ones for users who may list
 * them), and the ones the task names besides. `isCombined` tells the combined ones, which the
 * server takes only as a task's only scene.
 */
export function useTaskSceneChoices(named: readonly { sceneId: number; sceneName: string }[] = []) {
  const { t } = useTranslation();
  const mayListCombined = useAccess().hasPermi([COMBINED_SCENE_LIST]);
  const power = useSceneChoices(named);
  const { data, isFetching } = useGetCombinedScenesQuery({ pageNum: 1, pageSize: CHOICES_PAGE }, { skip: !mayListCombined });
  const combinedIds = new Set((data?.rows ?? []).map((row) => row.sceneId));
  const combined: SceneChoice[] = (data?.rows ?? []).map((row) => ({ value: row.sceneId, label: t('lighting.task.combinedLabel', { name: row.sceneName }) }));
  // a scene the task names is listed once: as the combined scene it is, when it is one
  const choices = [...power.choices.filter((choice) => !combinedIds.has(choice.value)), ...combined];
  return { choices, loading: power.loading || isFetching, isCombined: (sceneId: number) => combinedIds.has(sceneId) };
}
