export interface Throttled {
  /** Runs the action now if it has not run for `intervalMs`, else once at the end of the interval. */
  call: () => void;
  /** Drops a pending run (on unmount). */
  cancel: () => void;
}

/**
 * At most one run per interval, the first at once and the last never lost: a burst of live
 * events (a fleet raising alarms by the dozen) costs two requests, not one per event.
 */
export function throttle(action: () => void, intervalMs: number, now: () => number = Date.now): Throttled {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    timer = undefined;
    last = now();
    action();
  };
  return {
    call: () => {
      if (timer !== undefined) return;
      const wait = last + intervalMs - now();
      if (wait <= 0) run();
      else timer = setTimeout(run, wait);
    },
    cancel: () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
