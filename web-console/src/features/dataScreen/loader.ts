import { replace } from 'react-router';
import { showMessage } from '../../app/feedback';
import { getProjectId, getToken } from '../../lib/session';
import { lastLocation } from '../../routes/lastLocation';

/** Spec section 8, word for word. */
export const NO_PROJECT_MESSAGE = '项目不存在，请设置项目相关信息！';

/**
 * /dataScreen needs a project id (spec sections 5 and 8): without one the user is told so and
 * stays on the page they were on (or the root, when the big screen was the first page).
 */
export function dataScreenLoader() {
  // Visitors are sent to sign in by the guard.
  if (!getToken() || getProjectId()) return null;
  showMessage('error', NO_PROJECT_MESSAGE);
  return replace(lastLocation() ?? '/');
}
