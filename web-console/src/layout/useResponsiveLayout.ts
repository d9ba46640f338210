import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { deviceChanged, selectDevice, selectSidebarOpened, sidebarClosed, type Device } from '../app/uiSlice';

/** Below this width the console is on a mobile device (spec section 9). */
export const MOBILE_BREAKPOINT = 992;

export function deviceFor(width: number): Device {
  return width - 1 < MOBILE_BREAKPOINT ? 'mobile' : 'desktop';
}

/**
 * Spec section 4: under 992 px the device becomes mobile and the sidebar closes without
 * animation; on mobile a route change closes an open sidebar; resizes are ignored while
 * the page is hidden.
 */
export function useResponsiveLayout(): void {
  const dispatch = useAppDispatch();
  const device = useAppSelector(selectDevice);
  const opened = useAppSelector(selectSidebarOpened);
  const { pathname } = useLocation();
  const lastPath = useRef(pathname);

  useEffect(() => {
    const apply = () => {
      const next = deviceFor(window.innerWidth);
      dispatch(deviceChanged(next));
      if (next === 'mobile') dispatch(sidebarClosed({ withoutAnimation: true }));
    };
    if (deviceFor(window.innerWidth) === 'mobile') apply();
    const onResize = () => {
      if (!document.hidden) apply();
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [dispatch]);

  useEffect(() => {
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    if (device === 'mobile' && opened) dispatch(sidebarClosed({ withoutAnimation: false }));
  }, [dispatch, pathname, device, opened]);
}
