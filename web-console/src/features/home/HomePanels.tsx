import { Card, theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { formatNumber } from '../../lib/format';
import { selectProjectId } from '../auth/authSlice';
import { useAccess } from '../auth/useAccess';
import { ENERGY_PERMISSIONS, useGetEnergySummaryQuery } from '../lighting/energyApi';
import type { EnergySummary } from '../lighting/types';
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

/** One figure of a panel: its label over its value (and its unit, or the total it is part of). */
function Figure({ label, value, total, unit, color }: { label: string; value: number | string; total?: number; unit?: string; color?: string }) {
  return (
    <div>
      <Secondary>{label}</Secondary>
      <div style={{ fontSize: 24, color }} data-value={value}>
        {value}
        {total === undefined ? null : <span style={{ fontSize: 14 }}> / {total}</span>}
        {unit === undefined ? null : <span style={{ fontSize: 14 }}> {unit}</span>}
      </div>
    </div>
  );
}

/**
 * The home page's live panels of the selected project: gateways online and offline, loops on
 * and off, open alarms by level, energy, the latest announcements, in the project's module
 * order. Each refreshes from the live stream (alarms and gateway status invalidate the page's
 * figures); a panel the user may not read is not shown.
 */
export default function HomePanels() {
  const { t } = useTranslation();
  const { data } = useGetMainPageQuery();
  if (!data) return null;
  const panels: Record<Panel, ReactNode> = {
    gateway: data.devices ? <DevicesPanel key="gateway" devices={data.devices} /> : null,
    alarm: data.alarms ? <AlarmsPanel key="alarm" alarms={data.alarms} /> : null,
    energy: <EnergyPanel key="energy" />,
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

/**
 * Energy (GET /lighting/energy/summary), for holders of the energy screen's permission only:
 * today's and this month's kWh, this month's cost and saving, last month's kWh, and the last 7
 * days as small bars (no chart library: the home page stays small). '-' while the summary
 * cannot be read.
 */
function EnergyPanel() {
  const allowed = useAccess().hasPermi([ENERGY_PERMISSIONS.list]);
  const projectId = useAppSelector(selectProjectId);
  const { data } = useGetEnergySummaryQuery(projectId ?? '', { skip: !allowed || !projectId });
  return allowed ? <EnergyFigures summary={data} /> : null;
}

function EnergyFigures({ summary }: { summary: EnergySummary | undefined }) {
  const { t, i18n } = useTranslation();
  const number = (value: number | undefined) => (value === undefined ? '-' : formatNumber(value, i18n.language, 1));
  return (
    <Card title={t('home.energy')} size="small" role="region" aria-label={t('home.energy')}>
      <div style={FIGURES}>
        <Figure label={t('home.todayKwh')} value={number(summary?.todayKwh)} unit="kWh" />
        <Figure label={t('home.monthKwh')} value={number(summary?.monthKwh)} unit="kWh" />
        <Figure label={t('home.monthCost')} value={summary ? `¥${formatNumber(summary.monthCost, i18n.language, 2)}` : '-'} />
        <Figure label={t('home.monthSaving')} value={number(summary?.monthSavingKwh)} unit="kWh" color="#389e0d" />
      </div>
      <p style={{ margin: '8px 0' }}>
        <Secondary>{t('home.lastMonth', { value: summary ? `${number(summary.lastMonthKwh)} kWh` : '-' })}</Secondary>
      </p>
      {summary && summary.days.length > 0 ? <LastDays days={summary.days} /> : null}
    </Card>
  );
}

/** The last days' kWh as bars, each with its day and its figure. */
function LastDays({ days }: { days: EnergySummary['days'] }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const most = Math.max(...days.map((day) => day.kwh), 0);
  return (
    <ol aria-label={t('home.lastDays')} style={{ display: 'flex', gap: 4, alignItems: 'flex-end', listStyle: 'none', margin: 0, padding: 0 }}>
      {days.map((day) => {
        const kwh = formatNumber(day.kwh, i18n.language, 1);
        return (
          <li key={day.date} title={`${day.date} ${kwh} kWh`} style={{ flex: 1, textAlign: 'center', fontSize: 11 }}>
            <Secondary>{kwh}</Secondary>
            <div aria-hidden style={{ height: most > 0 ? Math.max(2, Math.round((day.kwh / most) * 40)) : 2, background: token.colorPrimary, borderRadius: 2 }} />
            <Secondary>{day.date.slice(5)}</Secondary>
          </li>
        );
      })}
    </ol>
  );
}
