import { lazy, Suspense } from 'react';

/**
 * The data big screen's route (/dataScreen). The screen itself (charts, map, live stream) is
 * a chunk of its own, loaded from here: the router, which every page loads, then lists none
 * of the screen's chunks for preloading, so the sign-in and home bundles stay as they were.
 */
const Screen = lazy(() => import('./Screen'));

export default function DataScreenPage() {
  return (
    <Suspense fallback={<main style={{ position: 'fixed', inset: 0, background: '#050c1c' }} />}>
      <Screen />
    </Suspense>
  );
}
