import Cookies from 'js-cookie';

/** The demo's first project, as the session cookies name it. */
export const DEMO_PROJECT = { id: '1', name: '滨江景观照明示范项目' };

/** A signed-in session with the demo project chosen (the cookies a sign-in leaves). */
export function signInWithProject(): void {
  Cookies.set('Admin-Token', 'jwt-1');
  Cookies.set('projectId', DEMO_PROJECT.id);
  Cookies.set('projectName', DEMO_PROJECT.name);
}
