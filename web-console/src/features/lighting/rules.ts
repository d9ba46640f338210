import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { CODE_PATTERN } from '../../lib/validators';

/** The server's rules for a gateway (contract: POST /lighting/gateway). */
export const GATEWAY_NAME_MAX = 50;
export const GATEWAY_NUMBER_MAX = 32;
export const LOOP_COUNT_MIN = 1;
export const LOOP_COUNT_MAX = 64;
export const LOOP_NAME_MAX = 30;
export const REMARK_MAX = 200;
export const COMMUNICATION_TYPES = ['1', '2', '3', '4'] as const;

export function isGatewayName(value: string | undefined): boolean {
  const name = (value ?? '').trim();
  return name.length >= 1 && name.length <= GATEWAY_NAME_MAX;
}

/** The serial: 1 to 32 letters, digits, underscores or hyphens. */
export function isGatewayNumber(value: string | undefined): boolean {
  const number = value ?? '';
  return number.length >= 1 && number.length <= GATEWAY_NUMBER_MAX && CODE_PATTERN.test(number);
}

export function isLoopCount(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= LOOP_COUNT_MIN && value <= LOOP_COUNT_MAX;
}

const rule =
  (ok: (value: unknown) => boolean, message: string): FormRule =>
  () => ({
    validator: (_rule, value: unknown) => (ok(value) ? Promise.resolve() : Promise.reject(new Error(message))),
  });

/** antd rules of the gateway form, messages in the current language. */
export function gatewayRules(t: TFunction) {
  return {
    gatewayName: [
      rule((value) => isGatewayName(typeof value === 'string' ? value : ''), t('lighting.gateway.rules.name', { max: GATEWAY_NAME_MAX })),
    ],
    gatewayNumber: [
      rule(
        (value) => isGatewayNumber(typeof value === 'string' ? value : ''),
        t('lighting.gateway.rules.number', { max: GATEWAY_NUMBER_MAX }),
      ),
    ],
    communicationType: [{ required: true, message: t('lighting.gateway.rules.communicationType') }],
    loopCount: [
      rule(isLoopCount, t('lighting.gateway.rules.loopCount', { min: LOOP_COUNT_MIN, max: LOOP_COUNT_MAX })),
    ],
    loopName: [{ max: LOOP_NAME_MAX, message: t('lighting.gateway.rules.loopName', { max: LOOP_NAME_MAX }) }],
    remark: [{ max: REMARK_MAX, message: t('lighting.gateway.rules.remark', { max: REMARK_MAX }) }],
  } satisfies Record<string, FormRule[]>;
}

/** Signal strength in bars (0 to 4) from dBm; undefined without a reading. */
export function signalBars(dbm: number | null | undefined): number | undefined {
  if (dbm === null || dbm === undefined || !Number.isFinite(dbm)) return undefined;
  if (dbm >= -70) return 4;
  if (dbm >= -85) return 3;
  if (dbm >= -100) return 2;
  if (dbm >= -110) return 1;
  return 0;
}
