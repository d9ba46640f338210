import type { SceneChange, SceneDetail, SceneLoop } from '../types';

/** One row of the loop editor: a loop of a gateway, on (at a brightness) or off. */
export interface LoopRowValues {
  gatewayId?: number;
  loopIndex?: number;
  on: boolean;
  brightness?: number | null;
}

/** The scene form's fields. */
export interface SceneFormValues {
  sceneName: string;
  sceneType: string;
  remark?: string;
  loops: LoopRowValues[];
}

/** A new row: on at full brightness. */
export const NEW_LOOP: LoopRowValues = { on: true, brightness: 100 };

export const NEW_SCENE: Partial<SceneFormValues> = { sceneType: '1', loops: [{ ...NEW_LOOP }] };

/** A scene's loops as rows. */
export function loopRowsOf(loops: readonly SceneLoop[]): LoopRowValues[] {
  return loops.map(({ gatewayId, loopIndex, switchState, brightness }) => ({
    gatewayId,
    loopIndex,
    on: switchState === '1',
    brightness: switchState === '1' ? (brightness ?? 100) : null,
  }));
}

/** A scene's detail in the form. */
export function toValues({ sceneName, sceneType, remark, loops }: SceneDetail): SceneFormValues {
  return { sceneName, sceneType, remark, loops: loopRowsOf(loops) };
}

/** The form's values as the server takes them: texts trimmed, no brightness when off. */
export function toChange(values: SceneFormValues): SceneChange {
  return {
    sceneName: values.sceneName.trim(),
    sceneType: values.sceneType,
    remark: (values.remark ?? '').trim(),
    loops: (values.loops ?? []).map((loop) => ({
      gatewayId: loop.gatewayId ?? 0,
      loopIndex: loop.loopIndex ?? 0,
      switchState: loop.on ? '1' : '0',
      brightness: loop.on ? (loop.brightness ?? 100) : null,
    })),
  };
}
