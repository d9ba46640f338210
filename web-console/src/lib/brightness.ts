/**
 * The brightness of a switch on by hand, a group's or a loop's (docs/api-compatibility.md,
 * "Devices and device groups": `brightness`, a whole number 1 to 100, only when switching on):
 * none sent is full brightness, so a switch on at full sends the body it always did.
 */
export const BRIGHTNESS_MIN = 1;
export const BRIGHTNESS_MAX = 100;

/** Full brightness: the default, which sends no brightness. */
export const FULL_BRIGHTNESS = BRIGHTNESS_MAX;

/** A whole number from 1 to 100. */
export function isBrightness(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= BRIGHTNESS_MIN && value <= BRIGHTNESS_MAX;
}

/** The body's `brightness` for a switch on: present only below full (1 to 99), none at full or for anything else. */
export function brightnessOf(value: number | null | undefined): { brightness?: number } {
  return isBrightness(value) && value < FULL_BRIGHTNESS ? { brightness: value } : {};
}
