import { useContext, useState, type ReactNode } from 'react';
import {
  UNSAFE_LocationContext as LocationContext,
  UNSAFE_RouteContext as RouteContext,
  type Location,
  type NavigationType,
} from 'react-router';

interface KeptPage {
  path: string;
  location: Location;
  navigationType: NavigationType;
  element: ReactNode;
}

export interface KeepAliveProps {
  /** Paths allowed to stay alive (the tags view's cached list). */
  include: readonly string[];
  /** Whether the current page may be kept alive at all (not noCache, not /redirect). */
  cacheable: boolean;
  /**
   * How many pages stay mounted at most, the shown one included (like Vue's keep-alive
   * `max`). Past it the page shown longest ago is unmounted; its tab stays, and opening it
   * again renders it afresh. Every kept page holds its DOM and may poll, so an operator who
   * opens fifty pages would otherwise have fifty of them live in one browser tab.
   */
  max?: number;
}

/** The default of `max`: the pages an operator switches between in one sitting. */
export const KEPT_PAGES_MAX = 12;

/**
 * Keeps cached pages mounted but hidden, keyed by path, so they keep their state (the
 * spec's cached views). The page being shown renders the router's outlet; a kept page
 * renders the outlet it had when it was shown, under the location it had then, so hidden
 * pages do not react to other pages' URLs. react-router has no public API for either, hence
 * its UNSAFE_ contexts (stable since v6).
 */
export default function KeepAlive({ include, cacheable, max = KEPT_PAGES_MAX }: KeepAliveProps) {
  const { outlet } = useContext(RouteContext);
  const live = useContext(LocationContext);
  const path = live.location.pathname;
  const [kept, setKept] = useState<KeptPage[]>([]);
  const current: KeptPage = { path, location: live.location, navigationType: live.navigationType, element: outlet };

  // Remember the shown page as it renders now (React's "information from previous renders"
  // pattern: a guarded update during render, no effect and no extra commit).
  // `kept` is in the order the pages were last shown, the latest last.
  const stored = kept.find((page) => page.path === path);
  if (cacheable && (stored?.element !== outlet || stored.location !== live.location)) {
    setKept((previous) => [...previous.filter((page) => page.path !== path && include.includes(page.path)), current].slice(-max));
  }

  const hidden = kept.filter((page) => page.path !== path && include.includes(page.path)).slice(-(max - 1));
  // One keyed list, so a page keeps its place in the tree whether shown or hidden.
  const pages = [...hidden, current].sort((a, b) => a.path.localeCompare(b.path));
  return (
    <>
      {pages.map((page) => (
        <div key={page.path} hidden={page.path !== path} data-kept-path={page.path}>
          <LocationContext.Provider value={{ location: page.location, navigationType: page.navigationType }}>
            {page.element}
          </LocationContext.Provider>
        </div>
      ))}
    </>
  );
}
