import type { TFunction } from 'i18next';
// Types only: the option is plain data, so this file carries no ECharts code into the page.
import type {
  CustomSeriesOption,
  CustomSeriesRenderItem,
  DataZoomComponentOption,
  GridComponentOption,
  LineSeriesOption,
  MarkLineComponentOption,
  TitleComponentOption,
  TooltipComponentFormatterCallbackParams,
  TooltipComponentOption,
} from 'echarts';
import type { ComposeOption } from 'echarts/core';
import { formatNumber } from '../../../lib/format';
import type { PlanSegment } from '../../lighting/types';
import type { ActualStretch, LoopChart, PowerSample } from '../types';

/**
 * A lighting chart's figures and its ECharts option, pure. The answer carries every time twice:
 * as an instant (`…Ms`, Unix ms), which places it, and as the site's wall time
 * ('YYYY-MM-DD HH:mm:ss' in its time zone), which labels it. The time axis runs in the site's
 * wall time: every instant is shifted by the site's offset at the start of the night (read from
 * `from` against `fromMs`) and ECharts works in UTC, so its ticks fall on the site's whole hours;
 * tick labels are read back from the instants in the site's zone (right across a change of
 * daylight saving time too).
 */

export type ChartOption = ComposeOption<
  | CustomSeriesOption
  | LineSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | MarkLineComponentOption
  | TitleComponentOption
  | DataZoomComponentOption
>;

const MINUTE = 60_000;
/** Power samples further apart than this are not joined: the telemetry fell silent. */
export const GAP_MS = 5 * MINUTE;

/** The chart's colours, shared by the page's legend. */
export const COLOURS = {
  off: '#bfbfbf',
  idle: '#f0f0f0',
  idleBorder: '#d9d9d9',
  override: '#fa8c16',
  burnBorder: '#d4380d',
  actualOn: '#faad14',
  actualOff: '#bfbfbf',
  power: '#1677ff',
  sunset: '#d4380d',
  sunrise: '#1677ff',
} as const;

/** An on segment's colour: amber, deeper the brighter. */
export const onColour = (brightness: number | null) =>
  `rgba(250, 173, 20, ${(0.3 + (0.7 * Math.min(100, Math.max(1, brightness ?? 100))) / 100).toFixed(2)})`;

// ---- times ----

/** The fields of 'YYYY-MM-DD HH:mm[:ss]' as if UTC, or undefined. */
export function naiveOf(wall: string | null | undefined): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(wall ?? '');
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second] = match.map(Number);
  return Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0, second ?? 0);
}

/** "HH:mm" of a wall time text; '' when there is none. */
export function clockOf(wall: string | null | undefined): string {
  return /[ T](\d{2}:\d{2})/.exec(wall ?? '')?.[1] ?? '';
}

/** How far the site's clock was ahead of UTC when the night began (from `from` and `fromMs`), in ms. */
export function siteShift(chart: Pick<LoopChart, 'from' | 'fromMs'>): number {
  const naive = naiveOf(chart.from);
  return naive === undefined || !Number.isFinite(chart.fromMs) ? 0 : naive - chart.fromMs;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** "HH:mm" of a UTC instant. */
const utcClock = (epoch: number) => {
  const date = new Date(epoch);
  return `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
};

const clockFormats = new Map<string, Intl.DateTimeFormat | null>();

/** The zone's clock format; null for a zone this browser does not know. */
function clockFormat(timeZone: string): Intl.DateTimeFormat | null {
  if (!clockFormats.has(timeZone)) {
    let format: Intl.DateTimeFormat | null;
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    } catch {
      format = null;
    }
    clockFormats.set(timeZone, format);
  }
  return clockFormats.get(timeZone) ?? null;
}

/**
 * "HH:mm" the site's clock shows at an instant; for a zone the browser does not know, the
 * instant moved by `shift` (the offset the night began with).
 */
export function siteClock(epoch: number, timeZone: string, shift: number): string {
  const format = clockFormat(timeZone);
  if (!format) return utcClock(epoch + shift);
  const parts = Object.fromEntries(format.formatToParts(new Date(epoch)).map((part) => [part.type, part.value]));
  // some engines write midnight as 24 even in h23
  return `${parts.hour === '24' ? '00' : (parts.hour ?? '00')}:${parts.minute ?? '00'}`;
}

/**
 * The instant of the night that the site's clock shows as a wall text (sunset, sunrise), or
 * undefined. A night has the offset of its start or that of its end at every instant (read
 * from `from`/`fromMs` and `to`/`toMs`): the text is read with each and the one in the
 * window that the site's clock agrees with is kept.
 */
export function wallInstant(wall: string | null | undefined, chart: Pick<LoopChart, 'from' | 'to' | 'fromMs' | 'toMs' | 'timeZone'>): number | undefined {
  const naive = naiveOf(wall);
  if (naive === undefined) return undefined;
  const offsets = [siteShift(chart), siteShift({ from: chart.to, fromMs: chart.toMs })];
  const candidates = [...new Set(offsets.map((offset) => naive - offset))]
    .filter((epoch) => epoch >= chart.fromMs && epoch <= chart.toMs)
    .sort((a, b) => a - b);
  const clock = clockOf(wall);
  return candidates.find((epoch) => siteClock(epoch, chart.timeZone, offsets[0] ?? 0) === clock) ?? candidates[0];
}

// ---- figures ----

/** How long the spans are on ('1') inside [from, to), in ms. */
export function onTime(spans: readonly { fromMs: number; toMs: number; switchState: string }[], from: number, to: number): number {
  return spans.reduce((sum, span) => (span.switchState === '1' ? sum + Math.max(0, Math.min(to, span.toMs) - Math.max(from, span.fromMs)) : sum), 0);
}

/** A duration as hours and minutes: "3:10" (to the nearest minute). */
export function durationText(ms: number): string {
  const minutes = Math.round(Math.abs(ms) / MINUTE);
  return `${Math.floor(minutes / 60)}:${pad(minutes % 60)}`;
}

/** A signed difference of durations: "+0:05", "-0:17", "0:00". */
export function differenceText(ms: number): string {
  const text = durationText(ms);
  if (text === '0:00') return text;
  return `${ms > 0 ? '+' : '-'}${text}`;
}

export interface ChartSummary {
  /** Planned on time, ms. */
  planned: number;
  /** Reported on time, ms; null when nothing was reported. */
  actual: number | null;
  /** actual − planned, ms; null when nothing was reported. */
  difference: number | null;
}

/** The night's planned and reported on time (gaps count as neither), and how they differ. */
export function chartSummary(chart: Pick<LoopChart, 'fromMs' | 'toMs' | 'planned' | 'actual'>): ChartSummary {
  const planned = onTime(chart.planned, chart.fromMs, chart.toMs);
  if (chart.actual.length === 0) return { planned, actual: null, difference: null };
  const actual = onTime(chart.actual, chart.fromMs, chart.toMs);
  return { planned, actual, difference: actual - planned };
}

// ---- texts ----

/** "Loop 1" or "Loop 1: Main road" (its name as on the gateway). */
export function loopText(t: TFunction, loopIndex: number, loopName: string | null | undefined): string {
  return loopName ? t('device.device.loopNamed', { index: loopIndex, name: loopName }) : t('device.device.loopN', { index: loopIndex });
}

/** A light: "On 80%", "On", "Off". */
export function lightText(t: TFunction, switchState: string, brightness: number | null): string {
  if (switchState !== '1') return t('device.chart.off');
  return brightness === null ? t('device.chart.onPlain') : t('device.chart.on', { brightness });
}

/** Why the plan does what it does over a segment. */
export function causeText(t: TFunction, segment: PlanSegment): string {
  switch (segment.cause) {
    case 'task':
      return t('device.chart.cause.task', { task: segment.taskName ?? '-', scene: segment.sceneName ?? '-', priority: segment.priority ?? '-' });
    case 'minimumBurn':
      return t('device.chart.cause.minimumBurn', { until: clockOf(segment.until) || '-' });
    case 'override':
      return t('device.chart.cause.override');
    case 'idle':
      return t('device.chart.cause.idle');
    default:
      return segment.cause;
  }
}

/** Text for HTML (the tooltip is HTML): names come as entered. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const tooltipOf = (lines: readonly string[]) => lines.map((line, index) => (index === 0 ? `<b>${escapeHtml(line)}</b>` : escapeHtml(line))).join('<br/>');

// ---- the option ----

/** A bar of a timeline row, in axis values (shifted instants). */
export interface Bar {
  start: number;
  end: number;
  /** 0 the plan, 1 what was reported. */
  row: 0 | 1;
  fill: string;
  stroke?: string;
  dashed?: boolean;
  /** The tooltip's HTML. */
  tooltip: string;
}

function plannedBar(t: TFunction, segment: PlanSegment, at: (ms: number) => number): Bar {
  const on = segment.switchState === '1';
  const style: Pick<Bar, 'fill' | 'stroke' | 'dashed'> = on
    ? segment.cause === 'override'
      ? { fill: COLOURS.override }
      : segment.cause === 'minimumBurn'
        ? { fill: onColour(segment.brightness), stroke: COLOURS.burnBorder, dashed: true }
        : { fill: onColour(segment.brightness) }
    : segment.cause === 'idle'
      ? { fill: COLOURS.idle, stroke: COLOURS.idleBorder }
      : { fill: COLOURS.off };
  return {
    start: at(segment.fromMs),
    end: at(segment.toMs),
    row: 0,
    ...style,
    tooltip: tooltipOf([
      t('device.chart.span', { row: t('device.chart.planned'), from: clockOf(segment.from), to: clockOf(segment.to) }),
      lightText(t, segment.switchState, segment.brightness),
      causeText(t, segment),
    ]),
  };
}

function actualBar(t: TFunction, stretch: ActualStretch, at: (ms: number) => number): Bar {
  return {
    start: at(stretch.fromMs),
    end: at(stretch.toMs),
    row: 1,
    fill: stretch.switchState === '1' ? COLOURS.actualOn : COLOURS.actualOff,
    tooltip: tooltipOf([
      t('device.chart.span', { row: t('device.chart.actual'), from: clockOf(stretch.from), to: clockOf(stretch.to) }),
      lightText(t, stretch.switchState, null),
    ]),
  };
}

/** Draws each bar as a rectangle across its row, cut to the grid. */
export function barRenderer(bars: readonly Bar[]): CustomSeriesRenderItem {
  return (params, api) => {
    const bar = bars[params.dataIndex];
    if (!bar) return null;
    const start = api.coord([bar.start, bar.row]);
    const end = api.coord([bar.end, bar.row]);
    const band = api.size?.([0, 1]);
    const height = (Array.isArray(band) ? (band[1] ?? 0) : (band ?? 0)) * 0.6;
    const box = params.coordSys as unknown as { x: number; y: number; width: number; height: number };
    const left = Math.max(start[0] ?? 0, box.x);
    const right = Math.min(end[0] ?? 0, box.x + box.width);
    if (!(right > left)) return null;
    return {
      type: 'rect',
      shape: { x: left, y: (start[1] ?? 0) - height / 2, width: right - left, height },
      style: { fill: bar.fill, stroke: bar.stroke ?? '#fff', lineWidth: bar.stroke ? 1.5 : 1, lineDash: bar.dashed ? [4, 3] : undefined },
    };
  };
}

/** The power line's points in axis values; a null point breaks the line where samples are further apart than GAP_MS. */
export function powerPoints(power: readonly PowerSample[], at: (ms: number) => number): [number, number | null][] {
  const points: [number, number | null][] = [];
  let last: number | undefined;
  for (const sample of [...power].sort((a, b) => a.timeMs - b.timeMs)) {
    if (!Number.isFinite(sample.timeMs)) continue;
    if (last !== undefined && sample.timeMs - last > GAP_MS) points.push([at((last + sample.timeMs) / 2), null]);
    points.push([at(sample.timeMs), typeof sample.activePowerW === 'number' ? sample.activePowerW : null]);
    last = sample.timeMs;
  }
  return points;
}

/** The sample nearest an instant, when one lies within a minute of it. */
export function nearestSample(power: readonly PowerSample[], epoch: number): PowerSample | undefined {
  let best: PowerSample | undefined;
  for (const sample of power) {
    if (!best || Math.abs(sample.timeMs - epoch) < Math.abs(best.timeMs - epoch)) best = sample;
  }
  return best && Math.abs(best.timeMs - epoch) <= MINUTE ? best : undefined;
}

export interface SunMark {
  /** Axis value (shifted instant). */
  x: number;
  label: string;
  colour: string;
}

/** Sunset and sunrise, when the night has them. */
export function sunMarks(t: TFunction, chart: LoopChart, at: (ms: number) => number): SunMark[] {
  const marks: SunMark[] = [];
  const sunset = wallInstant(chart.sunset, chart);
  if (sunset !== undefined) marks.push({ x: at(sunset), label: t('device.chart.sunset', { time: clockOf(chart.sunset) }), colour: COLOURS.sunset });
  const sunrise = wallInstant(chart.sunrise, chart);
  if (sunrise !== undefined) marks.push({ x: at(sunrise), label: t('device.chart.sunrise', { time: clockOf(chart.sunrise) }), colour: COLOURS.sunrise });
  return marks;
}

const GRID_LEFT = 80;
const GRID_RIGHT = 32;

/**
 * The chart: the plan and what was reported as two timeline rows (a custom series of bars,
 * gaps left blank), the power below on a grid of its own, sunset and sunrise marked across
 * both, the window and the site's time zone in the subtitle.
 */
export function buildChartOption(t: TFunction, chart: LoopChart, language: string): ChartOption {
  const shift = siteShift(chart);
  const at = (ms: number) => ms + shift;
  const clock = (value: number) => siteClock(value - shift, chart.timeZone, shift);
  const planned = chart.planned.map((segment) => plannedBar(t, segment, at));
  const actual = chart.actual.map((stretch) => actualBar(t, stretch, at));
  const marks = sunMarks(t, chart, at);
  const powerName = t('device.chart.power');

  const powerTip = (epoch: number) => {
    const sample = nearestSample(chart.power, epoch);
    if (!sample || sample.activePowerW === null) return '';
    return tooltipOf([clockOf(sample.time), t('device.chart.powerAt', { power: formatNumber(sample.activePowerW, language, 1) })]);
  };
  const formatter = (params: TooltipComponentFormatterCallbackParams): string => {
    if (Array.isArray(params)) {
      // the power axis's pointer: the sample under it
      const first = params[0] as { axisValue?: unknown; value?: unknown } | undefined;
      const value = typeof first?.axisValue === 'number' ? first.axisValue : Array.isArray(first?.value) ? Number(first.value[0]) : Number.NaN;
      return Number.isFinite(value) ? powerTip(value - shift) : '';
    }
    if (params.componentType === 'markLine') return escapeHtml(params.name);
    if (params.seriesId === 'planned') return planned[params.dataIndex]?.tooltip ?? '';
    if (params.seriesId === 'actual') return actual[params.dataIndex]?.tooltip ?? '';
    return '';
  };

  const markLine = (labelled: boolean): MarkLineComponentOption => ({
    silent: true,
    symbol: 'none',
    animation: false,
    data: marks.map((mark) => ({
      xAxis: mark.x,
      name: mark.label,
      lineStyle: { color: mark.colour, type: 'dashed', width: 2 },
      label: labelled ? { show: true, formatter: mark.label, position: 'end', color: mark.colour } : { show: false },
    })),
  });
  const timeAxis = (gridIndex: number) => ({
    type: 'time' as const,
    gridIndex,
    min: at(chart.fromMs),
    max: at(chart.toMs),
    axisLabel: { formatter: clock, hideOverlap: true },
    splitLine: { show: true, lineStyle: { type: 'dashed' as const, opacity: 0.6 } },
  });
  const bars = (id: 'planned' | 'actual', name: string, items: Bar[]): CustomSeriesOption => ({
    type: 'custom',
    id,
    name,
    xAxisIndex: 0,
    yAxisIndex: 0,
    renderItem: barRenderer(items),
    encode: { x: [0, 1], y: 2 },
    data: items.map((bar) => [bar.start, bar.end, bar.row]),
    ...(id === 'planned' ? { markLine: markLine(true) } : {}),
  });

  return {
    useUTC: true,
    animation: false,
    title: {
      text: `${chart.gatewayName} · ${loopText(t, chart.loopIndex, chart.loopName)}`,
      subtext: t('device.chart.subtitle', { from: chart.from.slice(0, 16), to: chart.to.slice(0, 16), timeZone: chart.timeZone }),
      left: GRID_LEFT,
      top: 0,
      textStyle: { fontSize: 14 },
    },
    tooltip: { trigger: 'item', confine: true, formatter },
    grid: [
      { left: GRID_LEFT, right: GRID_RIGHT, top: 72, height: 80 },
      { left: GRID_LEFT, right: GRID_RIGHT, top: 200, bottom: 32 },
    ],
    xAxis: [
      timeAxis(0),
      // the power's pointer shows the sample under it
      { ...timeAxis(1), axisPointer: { show: true, type: 'line', snap: false, triggerTooltip: true, label: { show: false } } },
    ],
    yAxis: [
      { type: 'category', gridIndex: 0, data: [t('device.chart.planned'), t('device.chart.actual')], inverse: true, axisTick: { show: false } },
      { type: 'value', gridIndex: 1, name: t('device.chart.powerAxis'), min: 0, nameTextStyle: { align: 'left' } },
    ],
    // zoom with Ctrl and the wheel, so that the wheel alone still scrolls the page
    dataZoom: [{ type: 'inside', xAxisIndex: [0, 1], filterMode: 'none', zoomOnMouseWheel: 'ctrl' }],
    series: [
      bars('planned', t('device.chart.planned'), planned),
      bars('actual', t('device.chart.actual'), actual),
      {
        type: 'line',
        id: 'power',
        name: powerName,
        xAxisIndex: 1,
        yAxisIndex: 1,
        showSymbol: false,
        connectNulls: false,
        lineStyle: { color: COLOURS.power, width: 1.5 },
        itemStyle: { color: COLOURS.power },
        areaStyle: { color: COLOURS.power, opacity: 0.12 },
        data: powerPoints(chart.power, at),
        markLine: markLine(false),
      },
    ],
  };
}
