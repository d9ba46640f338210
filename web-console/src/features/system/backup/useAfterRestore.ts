import { useCallback } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { loadSession } from '../../auth/session';
import { backupApi, RESTORED_TAGS } from '../backupApi';
import '../i18n';

/**
 * What the console does once a restore succeeded: every list and lookup of the system data is
 * read again (RESTORED_TAGS), and so is what the shell holds about the user (user info and
 * permissions, the route tree, the parameters: loadSession), so the sidebar and the buttons
 * follow what the backup grants. A user the backup does not hold was signed out by the
 * server: the next request asks them to sign in again.
 */
export function useAfterRestore(): () => void {
  const dispatch = useAppDispatch();
  return useCallback(() => {
    dispatch(backupApi.util.invalidateTags([...RESTORED_TAGS]));
    // a failure was shown by the client (or is the expired session's dialog)
    void dispatch(loadSession())
      .unwrap()
      .catch(() => undefined);
  }, [dispatch]);
}
