import { lazy } from 'react';
import type { RoutePage } from './pageProps';
import { GATEWAY_DETAIL_COMPONENT } from './subPages';
import { LAYOUT_COMPONENT, PARENT_VIEW_COMPONENT } from './types';

/** Shown for every server component the console does not have yet. */
export const NotAvailablePage: RoutePage = lazy(() => import('../features/notAvailable/NotAvailablePage'));

/**
 * Server component name -> page. Business modules are added here as they are built; any
 * other name shows the "not available yet" page, never a blank screen. 'Layout' is the
 * main layout and 'ParentView' a nested outlet: both are parents, resolved by the router.
 */
const pages: Readonly<Record<string, RoutePage>> = {
  index: lazy(() => import('../features/home/HomePage')),
  'lighting/gateway/index': lazy(() => import('../features/lighting/gateway/GatewayPage')),
  [GATEWAY_DETAIL_COMPONENT]: lazy(() => import('../features/lighting/detail/GatewayDetailPage')),
  'lighting/gateway/control': lazy(() => import('../features/lighting/control/ControlPage')),
  'lighting/oneKey/index': lazy(() => import('../features/lighting/oneKey/OneKeyPage')),
  'alarm/type/index': lazy(() => import('../features/alarm/type/AlarmTypePage')),
  'alarm/realtime/index': lazy(() => import('../features/alarm/realtime/RealtimeAlarmPage')),
  'alarm/history/index': lazy(() => import('../features/alarm/history/HistoryAlarmPage')),
};

export const CONTAINER_COMPONENTS: readonly string[] = [LAYOUT_COMPONENT, PARENT_VIEW_COMPONENT];

export function hasPage(component: string | undefined): boolean {
  return component !== undefined && Object.hasOwn(pages, component);
}

export function pageFor(component: string | undefined): RoutePage {
  if (component !== undefined && Object.hasOwn(pages, component)) return pages[component] ?? NotAvailablePage;
  return NotAvailablePage;
}
