import { describe, expect, it } from 'vitest';
import { HOLD_CHOICES, holdOf, isHoldMinutes, UNTIL_NEXT_STEP } from './hold';

describe('the hold of a switch by hand', () => {
  it('is a whole number of minutes from 1 to 1440', () => {
    for (const good of [1, 15, 480, 1440]) expect(isHoldMinutes(good), String(good)).toBe(true);
    for (const bad of [0, -15, 1441, 1.5, Number.NaN, '15', null, undefined]) expect(isHoldMinutes(bad), String(bad)).toBe(false);
  });

  it('offers until the next step, then a quarter hour to eight hours, each a valid hold', () => {
    expect(HOLD_CHOICES).toEqual([0, 15, 30, 60, 120, 240, 480]);
    expect(HOLD_CHOICES.filter((choice) => choice !== UNTIL_NEXT_STEP).every(isHoldMinutes)).toBe(true);
  });

  it('sends holdMinutes only for a hold of its own', () => {
    expect(holdOf(15)).toEqual({ holdMinutes: 15 });
    expect(holdOf(UNTIL_NEXT_STEP)).toEqual({});
    expect(holdOf(undefined)).toEqual({});
    expect(holdOf(null)).toEqual({});
  });
});
