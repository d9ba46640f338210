import { useEffect, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EChartsCoreOption } from 'echarts/core';
import { formatNumber } from '../../lib/format';
import { usePrefersReducedMotion } from '../../lib/motion';
import type { EnergySummary } from '../lighting/types';
import Chart from './Chart';
import type { ScreenAlarm, ScreenAlarms, ScreenData, ScreenDevices, ScreenGateway, ScreenPower, ScreenProject, TrendDay } from './types';
import { ACCENT, MUTED, TEXT, gaugeMax } from './style';
import { mapOption } from './mapOption';
import { loadWorldMap } from './worldMap';

const ONLINE = '#3ddc97';
const OFFLINE = '#ff6b6b';
/** Alarm levels (dictionary alarm_level): serious, main, secondary. */
const LEVEL_COLORS: Record<string, string> = { '1': '#ff4d4f', '2': '#fa8c16', '3': '#fadb14' };
const LEVELS = ['serious', 'main', 'secondary'] as const;

const PANEL: CSSProperties = {
  display: 'flex',
  flexDirection: 'column',
  minHeight: 0,
  border: '1px solid rgba(64, 158, 255, 0.45)',
  borderRadius: 6,
  background: 'rgba(16, 42, 84, 0.55)',
  boxShadow: 'inset 0 0 24px rgba(63, 177, 255, 0.15)',
  padding: '12px 16px',
  color: TEXT,
  overflow: 'hidden',
};

/** A panel of the screen: a labelled region with its title. */
export function Panel({ title, flex = 1, children, extra }: { title: string; flex?: number; children: ReactNode; extra?: ReactNode }) {
  return (
    <section role="region" aria-label={title} style={{ ...PANEL, flex }}>
      <header style={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', marginBottom: 8 }}>
        <h2 style={{ margin: 0, fontSize: 20, fontWeight: 600, color: TEXT, borderLeft: `4px solid ${ACCENT}`, paddingLeft: 8 }}>{title}</h2>
        {extra}
      </header>
      <div style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>{children}</div>
    </section>
  );
}

function Figure({ label, value, unit, color = TEXT, size = 30 }: { label: string; value: number | string; unit?: string; color?: string; size?: number }) {
  return (
    <div style={{ textAlign: 'center' }}>
      <div style={{ fontSize: size, fontWeight: 700, color }} data-value={value}>
        {value}
        {unit ? <span style={{ fontSize: 16, marginLeft: 4 }}>{unit}</span> : null}
      </div>
      <div style={{ fontSize: 15, color: MUTED }}>{label}</div>
    </div>
  );
}

function NotShown() {
  const { t } = useTranslation();
  return <p style={{ color: MUTED, margin: 'auto' }}>{t('dataScreen.notPermitted')}</p>;
}

const ROW: CSSProperties = { display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 8, marginBottom: 8 };

/** Gateways online and offline, loops on and off: four figures over two rings. */
export function DevicesPanel({ devices, pixelRatio }: { devices: ScreenDevices | null; pixelRatio: number }) {
  const { t } = useTranslation();
  const option = useMemo<EChartsCoreOption | undefined>(() => {
    if (!devices) return undefined;
    const ring = (center: string, name: string, data: { name: string; value: number; itemStyle: { color: string } }[]) => ({
      type: 'pie',
      name,
      center: [center, '50%'],
      radius: ['42%', '60%'],
      label: { show: true, position: 'center', formatter: name, color: TEXT, fontSize: 15 },
      labelLine: { show: false },
      data,
    });
    return {
      tooltip: { trigger: 'item' },
      series: [
        ring('25%', t('dataScreen.gateways'), [
          { name: t('dataScreen.online'), value: devices.gatewayOnline, itemStyle: { color: ONLINE } },
          { name: t('dataScreen.offline'), value: devices.gatewayOffline, itemStyle: { color: OFFLINE } },
        ]),
        ring('75%', t('dataScreen.loops'), [
          { name: t('dataScreen.on'), value: devices.loopOn, itemStyle: { color: '#ffd666' } },
          { name: t('dataScreen.off'), value: devices.loopOff, itemStyle: { color: '#5b6b85' } },
        ]),
      ],
    };
  }, [devices, t]);
  return (
    <Panel title={t('dataScreen.panels.devices')}>
      {devices && option ? (
        <>
          <div style={ROW}>
            <Figure label={t('dataScreen.gatewaysOnline')} value={devices.gatewayOnline} color={ONLINE} />
            <Figure label={t('dataScreen.gatewaysOffline')} value={devices.gatewayOffline} color={OFFLINE} />
            <Figure label={t('dataScreen.loopsOn')} value={devices.loopOn} color="#ffd666" />
            <Figure label={t('dataScreen.loopsOff')} value={devices.loopOff} />
          </div>
          <div style={{ flex: 1, minHeight: 0 }}>
            <Chart option={option} label={t('dataScreen.panels.devices')} pixelRatio={pixelRatio} />
          </div>
        </>
      ) : (
        <NotShown />
      )}
    </Panel>
  );
}

/**
 * Today's kWh, this month's kWh and cost (GET /lighting/energy/summary): null while they
 * cannot be read ('-').
 */
function EnergyStrip({ energy }: { energy: EnergySummary | null }) {
  const { t, i18n } = useTranslation();
  const number = (value: number | undefined, digits = 1) => (value === undefined ? '-' : formatNumber(value, i18n.language, digits));
  return (
    <div role="group" aria-label={t('dataScreen.energyFigures')} style={{ ...ROW, gridTemplateColumns: 'repeat(3, 1fr)' }}>
      <Figure label={t('dataScreen.todayKwh')} value={number(energy?.todayKwh)} unit="kWh" color="#ffd666" size={24} />
      <Figure label={t('dataScreen.monthKwh')} value={number(energy?.monthKwh)} unit="kWh" size={24} />
      <Figure label={t('dataScreen.monthCost')} value={energy ? `¥${number(energy.monthCost, 2)}` : '-'} size={24} />
    </div>
  );
}

/**
 * The project's power now (kW), the sum of its loops' latest readings; with `energy` (for the
 * holders of the energy screen's permission; undefined for others) today's and this month's
 * energy and this month's cost.
 */
export function PowerPanel({ power, alarms, energy, pixelRatio }: { power: ScreenPower | null; alarms: ScreenAlarms | null; energy?: EnergySummary | null; pixelRatio: number }) {
  const { t } = useTranslation();
  const option = useMemo<EChartsCoreOption | undefined>(() => {
    if (!power) return undefined;
    return {
      series: [
        {
          type: 'gauge',
          min: 0,
          max: gaugeMax(power.activePowerKw),
          radius: '92%',
          progress: { show: true, width: 14, itemStyle: { color: ACCENT } },
          axisLine: { lineStyle: { width: 14, color: [[1, 'rgba(255,255,255,0.12)']] } },
          axisLabel: { color: MUTED, fontSize: 12 },
          splitLine: { lineStyle: { color: MUTED } },
          axisTick: { show: false },
          pointer: { show: false },
          detail: { valueAnimation: false, formatter: '{value} kW', color: TEXT, fontSize: 26, offsetCenter: [0, '35%'] },
          title: { show: false },
          data: [{ value: power.activePowerKw, name: t('dataScreen.activePower') }],
        },
      ],
    };
  }, [power, t]);
  return (
    <Panel title={t('dataScreen.panels.energy')}>
      {power && option ? (
        <>
          <div style={{ ...ROW, gridTemplateColumns: 'repeat(3, 1fr)' }}>
            <Figure label={t('dataScreen.activePower')} value={power.activePowerKw} unit="kW" color={ACCENT} />
            <Figure label={t('dataScreen.loopsReporting')} value={power.loopsReporting} />
            <Figure label={t('dataScreen.openAlarms')} value={alarms?.open ?? '-'} color={LEVEL_COLORS['1']} />
          </div>
          {energy === undefined ? null : <EnergyStrip energy={energy} />}
          <div style={{ flex: 1, minHeight: 0 }}>
            <Chart option={option} label={t('dataScreen.panels.energy')} pixelRatio={pixelRatio} />
          </div>
          <div style={{ color: MUTED, fontSize: 14, textAlign: 'right' }}>
            {t('dataScreen.sampleTime')}: {power.sampleTime ?? '-'}
          </div>
        </>
      ) : (
        <>
          {energy === undefined ? null : <EnergyStrip energy={energy} />}
          <NotShown />
        </>
      )}
    </Panel>
  );
}

/** Alarms raised on each of the last 7 days, stacked by level. */
export function TrendPanel({ trend, pixelRatio }: { trend: TrendDay[] | null; pixelRatio: number }) {
  const { t } = useTranslation();
  const option = useMemo<EChartsCoreOption | undefined>(() => {
    if (!trend) return undefined;
    return {
      tooltip: { trigger: 'axis' },
      legend: { top: 0, textStyle: { color: TEXT, fontSize: 14 } },
      grid: { left: 48, right: 16, top: 36, bottom: 28 },
      xAxis: { type: 'category', data: trend.map((day) => day.date.slice(5)), axisLabel: { color: MUTED, fontSize: 13 } },
      yAxis: { type: 'value', minInterval: 1, axisLabel: { color: MUTED }, splitLine: { lineStyle: { color: 'rgba(255,255,255,0.08)' } } },
      series: LEVELS.map((level, index) => ({
        type: 'bar',
        stack: 'alarms',
        name: t(`dataScreen.levels.${level}`),
        itemStyle: { color: LEVEL_COLORS[String(index + 1)] },
        barMaxWidth: 36,
        data: trend.map((day) => day[level]),
      })),
    };
  }, [trend, t]);
  const total = trend?.reduce((sum, day) => sum + day.total, 0);
  return (
    <Panel title={t('dataScreen.panels.trend')} extra={total === undefined ? null : <span style={{ color: MUTED }} data-value={total}>{t('dataScreen.trendTotal', { count: total })}</span>}>
      {option ? <Chart option={option} label={t('dataScreen.panels.trend')} pixelRatio={pixelRatio} /> : <NotShown />}
    </Panel>
  );
}

/** The project on the shipped world map, centred on its place. */
export function MapPanel({ project, pixelRatio }: { project: ScreenProject; pixelRatio: number }) {
  const { t } = useTranslation();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void loadWorldMap().then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, []);
  const stillMarker = usePrefersReducedMotion();
  const { longitude, latitude } = project;
  const located = longitude !== null && latitude !== null;
  const option = useMemo<EChartsCoreOption | undefined>(() => {
    if (!ready) return undefined;
    return mapOption(located ? [longitude, latitude] : undefined, project.projectName, stillMarker);
  }, [ready, located, longitude, latitude, project.projectName, stillMarker]);
  return (
    <Panel
      title={t('dataScreen.panels.map')}
      flex={3}
      extra={
        <span style={{ color: MUTED }}>
          {located ? t('dataScreen.coordinates', { longitude: longitude.toFixed(4), latitude: latitude.toFixed(4) }) : t('dataScreen.notLocated')}
        </span>
      }
    >
      <div style={{ color: MUTED, fontSize: 15 }}>{project.location}</div>
      <div style={{ flex: 1, minHeight: 0 }}>{option ? <Chart option={option} label={t('dataScreen.panels.map')} pixelRatio={pixelRatio} /> : null}</div>
    </Panel>
  );
}

/**
 * Rows that roll upwards when there are more than fit: the list is drawn twice and moved by
 * CSS, so rolling creates nothing per step (no timers, no growing arrays).
 */
function Rolling({ children, count, rowsShown }: { children: ReactNode; count: number; rowsShown: number }) {
  const rolls = count > rowsShown;
  const list: CSSProperties = { listStyle: 'none', margin: 0, padding: 0 };
  return (
    <div style={{ flex: 1, minHeight: 0, overflow: 'hidden' }}>
      <div className={rolls ? 'screen-rolling' : undefined} style={rolls ? { animationDuration: `${count * 3}s` } : undefined}>
        <ul style={list}>{children}</ul>
        {rolls ? (
          <ul aria-hidden style={list}>
            {children}
          </ul>
        ) : null}
      </div>
    </div>
  );
}

const LIST_ROW: CSSProperties = { display: 'flex', alignItems: 'center', gap: 10, height: 44, borderBottom: '1px solid rgba(64,158,255,0.2)', fontSize: 16 };

function AlarmRow({ alarm }: { alarm: ScreenAlarm }) {
  const { t } = useTranslation();
  const level = LEVELS[Number(alarm.alarmLevel) - 1];
  return (
    <li style={LIST_ROW}>
      <span style={{ minWidth: 48, textAlign: 'center', borderRadius: 4, padding: '0 6px', color: '#0b1730', background: LEVEL_COLORS[alarm.alarmLevel] ?? MUTED }}>
        {level ? t(`dataScreen.levels.${level}`) : alarm.alarmLevel}
      </span>
      <span style={{ flex: 1, overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' }}>
        {alarm.deviceName} · {alarm.alarmName}
      </span>
      <span style={{ color: MUTED, fontSize: 14 }}>{alarm.alarmTime?.slice(5) ?? ''}</span>
    </li>
  );
}

/** The newest alarms of the project, rolling. */
export function LatestAlarmsPanel({ alarms }: { alarms: ScreenAlarm[] | null }) {
  const { t } = useTranslation();
  return (
    <Panel title={t('dataScreen.panels.alarms')}>
      {alarms === null ? (
        <NotShown />
      ) : alarms.length === 0 ? (
        <p style={{ color: MUTED }}>{t('dataScreen.noAlarms')}</p>
      ) : (
        <Rolling count={alarms.length} rowsShown={8}>
          {alarms.map((alarm) => (
            <AlarmRow key={alarm.alarmId} alarm={alarm} />
          ))}
        </Rolling>
      )}
    </Panel>
  );
}

function GatewayRow({ gateway }: { gateway: ScreenGateway }) {
  const { t } = useTranslation();
  const online = gateway.onlineStatus === '1';
  return (
    <li style={LIST_ROW}>
      <span aria-hidden style={{ width: 10, height: 10, borderRadius: 5, background: online ? ONLINE : OFFLINE }} />
      <span style={{ flex: 1, overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' }}>{gateway.gatewayName}</span>
      <span style={{ color: online ? ONLINE : OFFLINE, minWidth: 48 }}>{online ? t('dataScreen.online') : t('dataScreen.offline')}</span>
      <span style={{ color: MUTED, fontSize: 14, minWidth: 110, textAlign: 'right' }}>{gateway.lastSeenTime?.slice(5) ?? '-'}</span>
    </li>
  );
}

/** Every gateway of the project (up to 100): online or not, and when it was last heard of. */
export function GatewaysPanel({ gateways }: { gateways: ScreenData['gateways'] }) {
  const { t } = useTranslation();
  const online = gateways?.rows.filter((gateway) => gateway.onlineStatus === '1').length ?? 0;
  return (
    <Panel title={t('dataScreen.panels.gateways')} extra={gateways ? <span style={{ color: MUTED }}>{t('dataScreen.onlineOf', { online, total: gateways.total })}</span> : null}>
      {gateways === null ? (
        <NotShown />
      ) : gateways.rows.length === 0 ? (
        <p style={{ color: MUTED }}>{t('dataScreen.noGateways')}</p>
      ) : (
        <Rolling count={gateways.rows.length} rowsShown={8}>
          {gateways.rows.map((gateway) => (
            <GatewayRow key={gateway.gatewayId} gateway={gateway} />
          ))}
        </Rolling>
      )}
    </Panel>
  );
}
