/** The screen's colours. */
export const TEXT = '#e6f1ff';
export const MUTED = '#8fb3de';
export const ACCENT = '#3fb1ff';

/** A round number at or above `value` for the gauge's end: 1, 2 or 5 times a power of ten. */
export function gaugeMax(value: number): number {
  if (!(value > 0)) return 10;
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].find((step) => step * power >= value) ?? 10) * power;
}
