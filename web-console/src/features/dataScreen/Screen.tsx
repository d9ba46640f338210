import { useEffect, useState, type CSSProperties } from 'react';
import { Button } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BASE_API } from '../../api/client';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import i18n, { serverLanguage } from '../../i18n';
import { HOME_PATH } from '../../routes/paths';
import { selectProjectId, selectProjectName, selectToken } from '../auth/authSlice';
import { useAccess } from '../auth/useAccess';
import { ENERGY_PERMISSIONS, useGetEnergySummaryQuery } from '../lighting/energyApi';
import type { EnergySummary } from '../lighting/types';
import { openLiveConnection } from '../live/liveClient';
import { LIVE_STREAM_PATH } from '../live/LiveStream';
import { SCREEN_TAG, screenApi, useGetScreenQuery } from './api';
import { DevicesPanel, GatewaysPanel, LatestAlarmsPanel, MapPanel, PowerPanel, TrendPanel } from './Panels';
import { MUTED, TEXT } from './style';
import { throttle } from './throttle';
import './i18n';

/** The design size: the screen is laid out at 1920x1080 and scaled to the viewport (3840x2160 is twice). */
export const DESIGN_WIDTH = 1920;
export const DESIGN_HEIGHT = 1080;
/** Live events re-read the screen at most once per this interval (a burst costs two requests). */
export const LIVE_REFRESH_MS = 5_000;
/** Power and the trend move without events: read again this often anyway. */
export const POLL_MS = 60_000;

const ROLLING_CSS = `
.screen-rolling { animation-name: screen-roll; animation-timing-function: linear; animation-iteration-count: infinite; }
.screen-rolling:hover { animation-play-state: paused; }
@keyframes screen-roll { from { transform: translateY(0); } to { transform: translateY(-50%); } }
@media (prefers-reduced-motion: reduce) { .screen-rolling { animation: none; } }
`;

function viewportScale(): number {
  if (typeof window === 'undefined' || !window.innerWidth || !window.innerHeight) return 1;
  return Math.min(window.innerWidth / DESIGN_WIDTH, window.innerHeight / DESIGN_HEIGHT);
}

/** The design canvas's scale in the viewport, kept up to date as the window changes. */
function useViewportScale(): number {
  const [scale, setScale] = useState(viewportScale);
  useEffect(() => {
    const update = () => setScale(viewportScale());
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return scale;
}

/**
 * The live stream while the screen is open (the screen is outside the main layout, whose
 * connection it does not share): alarm, gateway and resync events, the ones that refresh the
 * home page, invalidate the screen's tag, throttled.
 */
function useLiveRefresh(): void {
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectToken);
  const projectId = useAppSelector(selectProjectId);
  useEffect(() => {
    if (!token || !projectId) return undefined;
    const refresh = throttle(() => dispatch(screenApi.util.invalidateTags([SCREEN_TAG])), LIVE_REFRESH_MS);
    const connection = openLiveConnection({
      url: BASE_API + LIVE_STREAM_PATH,
      headers: { Authorization: `Bearer ${token}`, ProjectId: projectId, 'Content-Language': serverLanguage(i18n.language) },
      onEvent: (event) => {
        if (event.type !== 'ping') refresh.call();
      },
    });
    return () => {
      connection.close();
      refresh.cancel();
    };
  }, [dispatch, token, projectId]);
}

const VIEWPORT: CSSProperties = {
  position: 'fixed',
  inset: 0,
  overflow: 'hidden',
  background: 'radial-gradient(circle at top, #0d2a55 0%, #050c1c 70%)',
};

const COLUMN: CSSProperties = { display: 'flex', flexDirection: 'column', gap: 16, minHeight: 0 };

/**
 * Today's and this month's energy for the power panel, read as often as the screen, for the
 * holders of the energy screen's permission (undefined for others: not shown); null while it
 * cannot be read.
 */
function useEnergySummary(): EnergySummary | null | undefined {
  const allowed = useAccess().hasPermi([ENERGY_PERMISSIONS.list]);
  const projectId = useAppSelector(selectProjectId);
  const { data } = useGetEnergySummaryQuery(projectId ?? '', { skip: !allowed || !projectId, pollingInterval: POLL_MS });
  return allowed ? (data ?? null) : undefined;
}

/**
 * The data big screen (/dataScreen, full screen, needs a project: the loader refuses without
 * one): the project on the map, devices, the alarm trend, the latest alarms rolling, power
 * and the gateways' status, from one call refreshed by the live stream; today's and this
 * month's energy beside the power, from the energy summary.
 */
export default function Screen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const projectName = useAppSelector(selectProjectName);
  const scale = useViewportScale();
  const pixelRatio = Math.max(1, (typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1) * scale);
  const { data } = useGetScreenQuery(undefined, { pollingInterval: POLL_MS });
  const energy = useEnergySummary();
  useLiveRefresh();
  return (
    <main style={VIEWPORT}>
      <style>{ROLLING_CSS}</style>
      <div
        data-testid="screen-canvas"
        style={{
          position: 'absolute',
          left: '50%',
          top: '50%',
          width: DESIGN_WIDTH,
          height: DESIGN_HEIGHT,
          transform: `translate(-50%, -50%) scale(${scale})`,
          transformOrigin: 'center center',
          boxSizing: 'border-box',
          padding: '12px 24px 24px',
          display: 'flex',
          flexDirection: 'column',
          color: TEXT,
        }}
      >
        <header style={{ display: 'flex', alignItems: 'center', gap: 16, height: 72, marginBottom: 12 }}>
          <Button ghost icon={<ArrowLeftOutlined aria-hidden />} onClick={() => void navigate(HOME_PATH)}>
            {t('dataScreen.back')}
          </Button>
          <div style={{ flex: 1, textAlign: 'center' }}>
            <h1 style={{ margin: 0, fontSize: 34, letterSpacing: 4, color: TEXT }}>{data?.project.projectName ?? projectName}</h1>
            <div style={{ color: MUTED, fontSize: 15 }}>{t('dataScreen.subtitle')}</div>
          </div>
          <div style={{ color: MUTED, fontSize: 15, minWidth: 220, textAlign: 'right' }}>
            {data?.refreshTime ? t('dataScreen.refreshed', { time: data.refreshTime }) : null}
          </div>
        </header>
        {data ? (
          <div style={{ flex: 1, minHeight: 0, display: 'grid', gridTemplateColumns: '460px 1fr 460px', gap: 16 }}>
            <div style={COLUMN}>
              <DevicesPanel devices={data.devices} pixelRatio={pixelRatio} />
              <PowerPanel power={data.power} alarms={data.alarms} energy={energy} pixelRatio={pixelRatio} />
            </div>
            <div style={COLUMN}>
              <MapPanel project={data.project} pixelRatio={pixelRatio} />
              <div style={{ ...COLUMN, flex: 2 }}>
                <TrendPanel trend={data.alarmTrend} pixelRatio={pixelRatio} />
              </div>
            </div>
            <div style={COLUMN}>
              <LatestAlarmsPanel alarms={data.latestAlarms} />
              <GatewaysPanel gateways={data.gateways} />
            </div>
          </div>
        ) : (
          <p style={{ textAlign: 'center', color: MUTED }}>{t('dataScreen.loading')}</p>
        )}
      </div>
    </main>
  );
}
