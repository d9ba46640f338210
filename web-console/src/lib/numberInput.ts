/** Number input modes (spec section 5): 0 integers; 1, 2, 3 decimals at most. */
export type NumberMode = 0 | 1 | 2 | 3;

/**
 * Keeps what the mode allows of a typed value: digits and one dot, at most `mode` decimals
 * (no dot at all in mode 0).
 */
export function sanitizeNumber(raw: string, mode: NumberMode): string {
  const digitsAndDots = raw.replace(/[^\d.]/g, '');
  if (mode === 0) return digitsAndDots.replace(/\./g, '');
  const dot = digitsAndDots.indexOf('.');
  if (dot < 0) return digitsAndDots;
  const whole = digitsAndDots.slice(0, dot);
  const decimals = digitsAndDots.slice(dot + 1).replace(/\./g, '').slice(0, mode);
  return `${whole}.${decimals}`;
}
