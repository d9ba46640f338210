import { useEffect } from 'react';
import { useAppDispatch } from '../app/hooks';
import { refreshSession, shouldRefreshSession } from '../features/auth/session';
import { getExpiresAt, getToken } from '../lib/session';

/** At most one check per minute of activity. */
const CHECK_INTERVAL_MS = 60 * 1000;
const ACTIVITY_EVENTS = ['click', 'keydown', 'mousemove', 'scroll', 'touchstart'] as const;

/** While the user is active, refreshes the session when less than ten minutes remain. */
export function useSessionKeeper(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    let lastCheck = 0;
    let inFlight = false;
    const check = () => {
      const now = Date.now();
      if (inFlight || now - lastCheck < CHECK_INTERVAL_MS) return;
      lastCheck = now;
      if (!getToken() || !shouldRefreshSession(now, getExpiresAt())) return;
      inFlight = true;
      void dispatch(refreshSession()).finally(() => {
        inFlight = false;
      });
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, check, { passive: true });
    check();
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, check);
    };
  }, [dispatch]);
}
