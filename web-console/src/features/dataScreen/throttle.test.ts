import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle';

describe('throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the first call at once and a burst once more at the end of the interval', () => {
    const action = vi.fn();
    const throttled = throttle(action, 5000);
    for (let i = 0; i < 100; i += 1) throttled.call();
    expect(action).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(4999);
    expect(action).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(action).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(60_000);
    expect(action).toHaveBeenCalledTimes(2);
    throttled.call();
    expect(action).toHaveBeenCalledTimes(3);
  });

  it('drops the pending run when cancelled', () => {
    const action = vi.fn();
    const throttled = throttle(action, 1000);
    throttled.call();
    throttled.call();
    throttled.cancel();
    vi.advanceTimersByTime(5000);
    expect(action).toHaveBeenCalledTimes(1);
  });
});
