import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../auth/useAccess';
import { useGetGatewayQuery } from '../../lighting/api';
import { loopText } from './chartModel';

/**
 * The loops of a gateway to chart: 1 to its loop count, each with its name when the gateway's
 * detail gives it (to the holders of pc:lighting:gateway:query, who may read it), as the
 * device form names them.
 */
export function useLoopChoices(gatewayId: number | undefined, loopCount: number | undefined) {
  const { t } = useTranslation();
  const canRead = useAccess().hasPermi(['lighting:gateway:query']);
  const { data: detail } = useGetGatewayQuery(gatewayId ?? 0, { skip: gatewayId === undefined || !canRead });
  const known = detail && detail.gatewayId === gatewayId ? detail : undefined;
  const count = gatewayId === undefined ? 0 : (loopCount ?? known?.loopCount ?? 0);
  return useMemo(
    () =>
      Array.from({ length: count }, (_, at) => {
        const index = at + 1;
        return { value: index, label: loopText(t, index, known?.loops.find((loop) => loop.loopIndex === index)?.loopName) };
      }),
    [count, known, t],
  );
}
