import type { SerializedApiError } from '../../../api/errors';
import type { AppDispatch } from '../../../app/store';
import { lightingApi } from '../api';
import type { LoopReading } from '../types';

/** The loops after an acknowledgement: each reported loop replaces the one with its index. */
export function mergeLoops(current: readonly LoopReading[], reported: readonly LoopReading[]): LoopReading[] {
  const byIndex = new Map(reported.map((loop) => [loop.loopIndex, loop]));
  const merged = current.map((loop) => {
    const update = byIndex.get(loop.loopIndex);
    if (!update) return loop;
    byIndex.delete(loop.loopIndex);
    // the gateway does not know the names given here
    return { ...update, loopName: update.loopName || loop.loopName };
  });
  return [...merged, ...byIndex.values()].sort((a, b) => a.loopIndex - b.loopIndex);
}

/** Puts a gateway's reported readings into its cached detail. */
export function storeReadings(dispatch: AppDispatch, gatewayId: number, reported: readonly LoopReading[]): void {
  if (reported.length === 0) return;
  dispatch(
    lightingApi.util.updateQueryData('getGateway', gatewayId, (draft) => {
      draft.loops = mergeLoops(draft.loops, reported);
    }),
  );
}

/** The text of a failed request as the server (or the client's catalogue) put it. */
export function errorText(error: unknown, fallback: string): string {
  const message = (error as Partial<SerializedApiError> | undefined)?.message;
  return typeof message === 'string' && message !== '' ? message : fallback;
}
