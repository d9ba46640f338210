import { Button, theme } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppSelector } from '../app/hooks';
import { useGetOpenAlarmCountQuery } from '../features/alarm/openCountApi';
import { selectProjectId } from '../features/auth/authSlice';
import { useAccess } from '../features/auth/useAccess';
import { selectRouteEntries } from '../features/menu/routesSlice';

/** Server component of the real-time alarms page. */
const REALTIME_ALARMS_COMPONENT = 'alarm/realtime/index';
const REALTIME_ALARMS_FALLBACK = '/alarm/realtime';
/** Above this the bubble reads "99+". */
const MAX_SHOWN = 99;

/**
 * The bell in the top bar: the project's open alarms (refetched on every live alarm event);
 * a click opens the real-time alarms page. The count bubble is drawn here (not antd's Badge)
 * to keep the layout's code small.
 */
export default function AlarmBell() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const access = useAccess();
  const projectId = useAppSelector(selectProjectId);
  const entries = useAppSelector(selectRouteEntries);
  const allowed = access.hasPermi(['alarm:realtime:list']);
  // the project is part of the key, so another project's count is never shown
  const { data: count = 0 } = useGetOpenAlarmCountQuery(projectId ?? '', { skip: !allowed || !projectId });
  if (!allowed) return null;
  const target = entries.find((entry) => entry.component === REALTIME_ALARMS_COMPONENT)?.path ?? REALTIME_ALARMS_FALLBACK;
  const label = t('layout.openAlarms', { count });
  return (
    <Button type="text" aria-label={label} title={label} onClick={() => void navigate(target)} style={{ position: 'relative' }}>
      <BellOutlined aria-hidden style={{ fontSize: 16 }} />
      {count > 0 ? (
        <sup
          aria-hidden
          style={{
            position: 'absolute',
            top: 2,
            right: 0,
            minWidth: 16,
            height: 16,
            padding: '0 4px',
            borderRadius: 8,
            background: token.colorError,
            color: '#fff',
            fontSize: 11,
            lineHeight: '16px',
            textAlign: 'center',
            boxShadow: `0 0 0 1px ${token.colorBgContainer}`,
          }}
        >
          {count > MAX_SHOWN ? `${MAX_SHOWN}+` : count}
        </sup>
      ) : null}
    </Button>
  );
}
