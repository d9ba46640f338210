import { formatNumber } from '../../../lib/format';

/** kWh as the language writes them, 2 decimals at most: '1,234.5 kWh'. */
export const kwhText = (value: number, language: string) => `${formatNumber(value, language, 2)} kWh`;

/** Yuan, 2 decimals at most: '¥1,234.5'. */
export const yuanText = (value: number, language: string) => `¥${formatNumber(value, language, 2)}`;

/** How much `value` is above (+) or below (-) `compared`, in percent with one decimal; '-' against nothing. */
export function changeText(value: number, compared: number, language: string): string {
  if (!Number.isFinite(compared) || compared === 0) return '-';
  const change = ((value - compared) / compared) * 100;
  return `${change > 0 ? '+' : ''}${formatNumber(change, language, 1)}%`;
}
