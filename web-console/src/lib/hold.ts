/**
 * How long a switch by hand holds under a schedule (docs/api-compatibility.md, "Devices and
 * device groups": `holdMinutes`, a whole number 1 to 1440): until the schedule's next step
 * (none sent), or a quarter hour to eight hours, whichever comes first.
 */
export const HOLD_MINUTES_MIN = 1;
export const HOLD_MINUTES_MAX = 1440;

/** The choice that sends no hold: until the schedule's next step. */
export const UNTIL_NEXT_STEP = 0;

/** The choices offered, in minutes. */
export const HOLD_CHOICES: readonly number[] = [UNTIL_NEXT_STEP, 15, 30, 60, 120, 240, 480];

/** A whole number of minutes from 1 to 1440. */
export function isHoldMinutes(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= HOLD_MINUTES_MIN && value <= HOLD_MINUTES_MAX;
}

/** The body's `holdMinutes` for a choice: present only for a hold of its own. */
export function holdOf(choice: number | null | undefined): { holdMinutes?: number } {
  return isHoldMinutes(choice) ? { holdMinutes: choice } : {};
}
