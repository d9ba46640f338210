import { Card, theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetMainPageQuery, type MainPage } from './api';
import { panelOrder, type Panel } from './panels';
import './i18n';

/** Panels side by side on a wide screen, one under another on a narrow one (plain CSS grid: the home page stays small). */
const GRID: CSSProperties = { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))', gap: 16, marginTop: 16 };
const FIGURES: CSSProperties = { display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 12 };

/** Secondary text in antd's token colour (Typography is not needed to colour a line). */
function Secondary({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return <span style={{ color: token.colorTextSecondary }}>{children}</span>;
}

/** One figure of a panel: its label over its value. */
function Figure({ label, value, total, color }: { label: string; value: number; total?: number; color?: string }) {
  return (
    <div>
      <Secondary>{label}</Secondary>
      <div style={{ fontSize: 24, color }} data-value={value}>
        {value}
        {total === undefined ? null : <span style={{ fontSize: 14 }}> / {total}</span>}
      </div>
    </div>
  );
}

/**
 * The home page's live panels of the selected project: gateways online and offline, loops on
 * and off, open alarms by level, the latest announcements, in the project's module order.
 * Each refreshes from the live stream (alarms and gateway status invalidate the page's
 * figures); a panel the user may not read is not shown.
 */
export default function HomePanels() {
  const { t } = useTranslation();
  const { data } = useGetMainPageQuery();
  if (!data) return null;
  const panels: Record<Panel, ReactNode> = {
    gateway: data.devices ? <DevicesPanel key="gateway" devices={data.devices} /> : null,
    alarm: data.alarms ? <AlarmsPanel key="alarm" alarms={data.alarms} /> : null,
    announcement: (
      <Card key="announcement" title={t('home.notices')} size="small" role="region" aria-label={t('home.notices')}>
        {data.notices.length === 0 ? (
          <Secondary>{t('home.noNotices')}</Secondary>
        ) : (
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {data.notices.map((notice) => (
              <li key={notice.noticeId} style={{ padding: '4px 0' }}>
                <strong>{notice.noticeTitle}</strong>
                <br />
                <Secondary>{notice.publishTime}</Secondary>
              </li>
            ))}
          </ul>
        )}
      </Card>
    ),
  };
  return <div style={GRID}>{panelOrder(data.project?.modules).map((panel) => panels[panel])}</div>;
}

function DevicesPanel({ devices }: { devices: NonNullable<MainPage['devices']> }) {
  const { t } = useTranslation();
  return (
    <Card title={t('home.devices')} size="small" role="region" aria-label={t('home.devices')}>
      <div style={FIGURES}>
        <Figure label={t('home.gatewaysOnline')} value={devices.gatewayOnline} total={devices.gatewayTotal} />
        <Figure label={t('home.gatewaysOffline')} value={devices.gatewayOffline} />
        <Figure label={t('home.loopsOn')} value={devices.loopOn} total={devices.loopTotal} />
        <Figure label={t('home.loopsOff')} value={devices.loopOff} />
      </div>
    </Card>
  );
}

function AlarmsPanel({ alarms }: { alarms: NonNullable<MainPage['alarms']> }) {
  const { t } = useTranslation();
  return (
    <Card title={t('home.alarms')} size="small" role="region" aria-label={t('home.alarms')}>
      <div style={FIGURES}>
        <Figure label={t('home.openAlarms')} value={alarms.open} />
        <Figure label={t('home.serious')} value={alarms.serious} color="#f5222d" />
        <Figure label={t('home.main')} value={alarms.main} color="#fa8c16" />
        <Figure label={t('home.secondary')} value={alarms.secondary} />
      </div>
    </Card>
  );
}
