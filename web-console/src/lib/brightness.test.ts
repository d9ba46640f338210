import { describe, expect, it } from 'vitest';
import { BRIGHTNESS_MAX, BRIGHTNESS_MIN, brightnessOf, FULL_BRIGHTNESS, isBrightness } from './brightness';

describe('the brightness of a switch on by hand', () => {
  it('is a whole number from 1 to 100, full being 100', () => {
    expect([BRIGHTNESS_MIN, BRIGHTNESS_MAX, FULL_BRIGHTNESS]).toEqual([1, 100, 100]);
    for (const good of [1, 30, 99, 100]) expect(isBrightness(good), String(good)).toBe(true);
    for (const bad of [0, -1, 101, 30.5, Number.NaN, Number.POSITIVE_INFINITY, '30', null, undefined]) {
      expect(isBrightness(bad), String(bad)).toBe(false);
    }
  });

  it('sends brightness only below full: the body at full is as it always was', () => {
    expect(brightnessOf(1)).toEqual({ brightness: 1 });
    expect(brightnessOf(30)).toEqual({ brightness: 30 });
    expect(brightnessOf(99)).toEqual({ brightness: 99 });
    expect(brightnessOf(FULL_BRIGHTNESS)).toEqual({});
    for (const none of [0, 101, 30.5, Number.NaN, null, undefined]) expect(brightnessOf(none), String(none)).toEqual({});
  });
});
