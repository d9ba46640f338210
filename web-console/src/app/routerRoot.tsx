import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from './router';

/**
 * The console behind the sign-in: its router, created at the address the browser shows now,
 * with the guard, the root shell and the pages. A chunk of its own: the first visit to the
 * sign-in page does without it (src/main.tsx).
 */
export function routerRoot() {
  return <RouterProvider router={createAppRouter()} />;
}
