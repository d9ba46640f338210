import type { ComponentType, LazyExoticComponent } from 'react';
import type { RouteEntry } from './menu';

/**
 * What a page shown for a server route receives. Pages import these from here, never from
 * the lazy registry (routes/registry.ts), which imports every page.
 */
export interface RoutePageProps {
  /** The server route being shown. */
  route?: RouteEntry;
}

export type RoutePage = LazyExoticComponent<ComponentType<RoutePageProps>>;
