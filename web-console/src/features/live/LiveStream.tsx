import { useEffect, useRef } from 'react';
import { useStore } from 'react-redux';
import { api } from '../../api/api';
import { BASE_API } from '../../api/client';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { AppStore } from '../../app/store';
import i18n, { serverLanguage } from '../../i18n';
import { selectProjectId, selectToken } from '../auth/authSlice';
import { announceAlarm, announceWorkOrderOverdue } from './alerts';
import { dispatchLiveEvent, PROJECT_TAGS } from './dispatchLive';
import { openLiveConnection } from './liveClient';

export const LIVE_STREAM_PATH = '/live/stream';

const useAppStore = useStore.withTypes<AppStore>();

/**
 * The session's one live connection: open while signed in with a project, closed on sign-out,
 * reopened for a new project (whose data replaces the old project's in the cache).
 */
export default function LiveStream() {
  const store = useAppStore();
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectToken);
  const projectId = useAppSelector(selectProjectId);
  const previousProject = useRef(projectId);

  useEffect(() => {
    if (previousProject.current !== projectId) {
      previousProject.current = projectId;
      dispatch(api.util.invalidateTags([...PROJECT_TAGS]));
    }
  }, [dispatch, projectId]);

  useEffect(() => {
    if (!token || !projectId) return undefined;
    const connection = openLiveConnection({
      url: BASE_API + LIVE_STREAM_PATH,
      headers: {
        Authorization: `Bearer ${token}`,
        ProjectId: projectId,
        'Content-Language': serverLanguage(i18n.language),
      },
      onEvent: (event) =>
        dispatchLiveEvent(event, {
          dispatch,
          getState: () => store.getState(),
          announce: announceAlarm,
          announceOverdue: announceWorkOrderOverdue,
        }),
    });
    return () => connection.close();
  }, [store, dispatch, token, projectId]);

  return null;
}
