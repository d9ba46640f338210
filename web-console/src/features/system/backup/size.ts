import { formatNumber } from '../../../lib/format';

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** A file size for people: bytes in B, KB, MB or GB (of 1024), one decimal above bytes, in the language's digits. */
export function humanSize(bytes: number, language: string): string {
  let value = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${formatNumber(value, language, unit === 0 ? 0 : 1)} ${UNITS[unit]}`;
}
