import type { CustomSeriesOption, CustomSeriesRenderItemAPI, CustomSeriesRenderItemParams, LineSeriesOption, MarkLineComponentOption } from 'echarts';
import { describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import type { PlanSegment } from '../../lighting/types';
import { loopChart, silentLoopChart } from '../fixtures';
import type { LoopChart } from '../types';
import {
  barRenderer,
  buildChartOption,
  chartSummary,
  differenceText,
  durationText,
  escapeHtml,
  nearestSample,
  onTime,
  powerPoints,
  siteClock,
  siteShift,
  wallInstant,
  type Bar,
} from './chartModel';
import '../i18n';

const en = i18n.getFixedT('en');
const zh = i18n.getFixedT('zh-CN');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const utc = (text: string) => Date.parse(`${text}Z`);
/** The instant of a wall time in Shanghai (+08:00 all year). */
const shanghai = (wall: string) => Date.parse(`${wall.replace(' ', 'T')}+08:00`);

describe('the on time of a night', () => {
  it('adds up the on spans inside the window, planned and reported, and their difference', () => {
    const summary = chartSummary(loopChart);
    // planned on 19:00 to 22:10; reported on 19:02 to 20:30 and 20:50 to 22:15 (the gap counts as neither)
    expect(summary).toEqual({ planned: 190 * MINUTE, actual: 173 * MINUTE, difference: -17 * MINUTE });
    expect(durationText(summary.planned)).toBe('3:10');
    expect(durationText(summary.actual ?? 0)).toBe('2:53');
    expect(differenceText(summary.difference ?? 0)).toBe('-0:17');
  });

  it('has no actual on time without telemetry', () => {
    expect(chartSummary(silentLoopChart)).toEqual({ planned: 190 * MINUTE, actual: null, difference: null });
  });

  it('cuts spans to the window and counts only the on ones', () => {
    const spans = [
      { fromMs: 0, toMs: 10 * MINUTE, switchState: '1' },
      { fromMs: 10 * MINUTE, toMs: 20 * MINUTE, switchState: '0' },
      { fromMs: 50 * MINUTE, toMs: 90 * MINUTE, switchState: '1' },
    ];
    expect(onTime(spans, 5 * MINUTE, 60 * MINUTE)).toBe(15 * MINUTE);
    expect(onTime([], 0, HOUR)).toBe(0);
  });

  it('writes durations as hours and minutes, differences with their sign', () => {
    expect(durationText(0)).toBe('0:00');
    expect(durationText(59 * MINUTE + 29_000)).toBe('0:59');
    expect(durationText(25 * HOUR)).toBe('25:00');
    expect(differenceText(5 * MINUTE)).toBe('+0:05');
    expect(differenceText(-75 * MINUTE)).toBe('-1:15');
    expect(differenceText(20_000)).toBe('0:00');
  });
});

describe("the site's time", () => {
  it("reads the site's offset from the night's start and its clock from an instant", () => {
    expect(siteShift(loopChart)).toBe(8 * HOUR);
    expect(siteClock(utc('2026-05-01T16:00:00'), 'Asia/Shanghai', 0)).toBe('00:00');
    expect(siteClock(utc('2026-05-01T20:05:00'), 'UTC', 0)).toBe('20:05');
    // a zone this browser does not know: the night's offset
    expect(siteClock(utc('2026-05-01T10:45:00'), 'Nowhere/Atlantis', 8 * HOUR)).toBe('18:45');
  });

  it('finds sunset and sunrise, given as wall times, in the window', () => {
    expect(wallInstant(loopChart.sunset, loopChart)).toBe(shanghai('2026-05-01 18:45:00'));
    expect(wallInstant(loopChart.sunrise, loopChart)).toBe(shanghai('2026-05-02 05:15:00'));
    expect(wallInstant(null, loopChart)).toBeUndefined();
    expect(wallInstant('2026-05-03 05:15:00', loopChart)).toBeUndefined();
  });

  it('a night across the autumn change is 25 hours long, its sunrise read with the winter offset', () => {
    // New York, 2026-11-01: 02:00 EDT (-4) becomes 01:00 EST (-5)
    const night = { from: '2026-10-31 12:00:00', to: '2026-11-01 12:00:00', fromMs: utc('2026-10-31T16:00:00'), toMs: utc('2026-11-01T17:00:00'), timeZone: 'America/New_York' };
    expect(wallInstant('2026-10-31 17:50:00', night)).toBe(utc('2026-10-31T21:50:00'));
    expect(wallInstant('2026-11-01 06:30:00', night)).toBe(utc('2026-11-01T11:30:00'));
    expect(siteClock(utc('2026-11-01T11:30:00'), night.timeZone, siteShift(night))).toBe('06:30');
  });
});

const seriesOf = (option: ReturnType<typeof buildChartOption>, id: string) =>
  (option.series as (CustomSeriesOption | LineSeriesOption)[]).find((series) => series.id === id);

type Formatter = (params: unknown) => string;

describe('the chart option', () => {
  const option = buildChartOption(en, loopChart, 'en');
  const shift = 8 * HOUR;
  const formatter = (option.tooltip as { formatter: Formatter }).formatter;

  it("names the gateway and loop in the title, the window and the site's time zone in the subtitle", () => {
    expect(option.title).toMatchObject({ text: '北区网关 · Loop 1: 主路灯', subtext: '2026-05-01 12:00 to 2026-05-02 12:00, site time (Asia/Shanghai)' });
    expect(buildChartOption(zh, loopChart, 'zh-CN').title).toMatchObject({ text: '北区网关 · 回路1：主路灯', subtext: '2026-05-01 12:00 至 2026-05-02 12:00，站点时间（Asia/Shanghai）' });
  });

  it("lays the night out in the site's wall time, 12:00 to 12:00, labelled by the site's clock", () => {
    expect(option.useUTC).toBe(true);
    const [timeline, power] = option.xAxis as { min: number; max: number; gridIndex: number; axisLabel: { formatter: (value: number) => string } }[];
    expect(timeline).toMatchObject({ gridIndex: 0, min: utc('2026-05-01T12:00:00'), max: utc('2026-05-02T12:00:00') });
    expect(power).toMatchObject({ gridIndex: 1, min: utc('2026-05-01T12:00:00'), max: utc('2026-05-02T12:00:00') });
    expect(timeline?.axisLabel.formatter(utc('2026-05-01T12:00:00'))).toBe('12:00');
    expect(timeline?.axisLabel.formatter(utc('2026-05-02T00:00:00'))).toBe('00:00');
    expect(option.yAxis).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'category', data: ['Planned', 'Actual'] })]));
  });

  it('draws the planned segments on the first row and the reported stretches on the second, gaps left out', () => {
    const planned = seriesOf(option, 'planned') as CustomSeriesOption;
    expect(planned.data).toHaveLength(5);
    expect((planned.data as number[][])[1]).toEqual([shanghai('2026-05-01 19:00:00') + shift, shanghai('2026-05-01 21:00:00') + shift, 0]);
    const actual = seriesOf(option, 'actual') as CustomSeriesOption;
    const stretches = actual.data as number[][];
    expect(stretches.map((bar) => bar[2])).toEqual([1, 1, 1, 1]);
    // nothing between 20:30 and 20:50
    expect(stretches[1]?.[1]).toBe(shanghai('2026-05-01 20:30:00') + shift);
    expect(stretches[2]?.[0]).toBe(shanghai('2026-05-01 20:50:00') + shift);
  });

  it('tells each segment its times, light and cause, and each stretch its state', () => {
    const tip = (seriesId: string, dataIndex: number) => formatter({ componentType: 'series', seriesId, dataIndex, name: '' });
    expect(tip('planned', 1)).toBe('<b>Planned 19:00–21:00</b><br/>On 80%<br/>Task 节日亮灯, scene 节日场景, priority 5');
    expect(tip('planned', 2)).toBe('<b>Planned 21:00–21:30</b><br/>On 100%<br/>Manual override');
    expect(tip('planned', 3)).toBe('<b>Planned 21:30–22:10</b><br/>On 100%<br/>Kept on for the lamps&#39; minimum burn time until 22:10');
    expect(tip('planned', 4)).toBe('<b>Planned 22:10–12:00</b><br/>Off<br/>Nothing planned');
    expect(tip('actual', 1)).toBe('<b>Actual 19:02–20:30</b><br/>On');
    expect(tip('actual', 3)).toBe('<b>Actual 22:15–12:00</b><br/>Off');
    expect(formatter({ componentType: 'markLine', name: 'Sunset 18:45', dataIndex: 0 })).toBe('Sunset 18:45');
  });

  it('writes names from the server as text in the HTML tooltip', () => {
    const segment: PlanSegment = { ...(loopChart.planned[1] as PlanSegment), taskName: '<img src=x>' };
    const chart: LoopChart = { ...loopChart, planned: [segment] };
    const tip = (buildChartOption(en, chart, 'en').tooltip as { formatter: Formatter }).formatter({ componentType: 'series', seriesId: 'planned', dataIndex: 0, name: '' });
    expect(tip).toContain('Task &#60;img src=x&#62;');
    expect(escapeHtml(`a&b"'`)).toBe('a&#38;b&#34;&#39;');
  });

  it('draws the power in watts below, broken where the samples are more than 5 minutes apart, and tells the sample under the pointer', () => {
    const power = seriesOf(option, 'power') as LineSeriesOption;
    expect(power).toMatchObject({ type: 'line', xAxisIndex: 1, yAxisIndex: 1, connectNulls: false });
    const points = power.data as [number, number | null][];
    expect(points.map((point) => point[1])).toEqual([218.4, 220, null, 221.5, null, 219, null, 0]);
    expect(points[0]?.[0]).toBe(shanghai('2026-05-01 19:02:00') + shift);
    expect(formatter([{ axisValue: shanghai('2026-05-01 20:29:20') + shift, value: [0, 0] }])).toBe('<b>20:29</b><br/>Active power 221.5 W');
    // nothing reported near the pointer
    expect(formatter([{ axisValue: shanghai('2026-05-01 20:40:00') + shift, value: [0, 0] }])).toBe('');
    expect(nearestSample(loopChart.power, shanghai('2026-05-01 19:03:40'))?.time).toBe('2026-05-01 19:03:00');
    expect(powerPoints([], (ms) => ms)).toEqual([]);
  });

  it('marks sunset and sunrise across both grids, labelled on the timeline', () => {
    const planned = seriesOf(option, 'planned') as CustomSeriesOption;
    const marks = (planned.markLine as MarkLineComponentOption).data as { xAxis: number; name: string; label: { show: boolean } }[];
    expect(marks.map((mark) => [mark.xAxis, mark.name, mark.label.show])).toEqual([
      [shanghai('2026-05-01 18:45:00') + shift, 'Sunset 18:45', true],
      [shanghai('2026-05-02 05:15:00') + shift, 'Sunrise 05:15', true],
    ]);
    const power = seriesOf(option, 'power') as LineSeriesOption;
    expect(((power.markLine as MarkLineComponentOption).data as unknown[]).length).toBe(2);
    // a polar night has neither
    const polar = buildChartOption(en, { ...loopChart, sunset: null, sunrise: null }, 'en');
    expect(((seriesOf(polar, 'planned') as CustomSeriesOption).markLine as MarkLineComponentOption).data).toEqual([]);
  });

  it('still draws the plan when nothing was reported', () => {
    const silent = buildChartOption(en, silentLoopChart, 'en');
    expect((seriesOf(silent, 'planned') as CustomSeriesOption).data).toHaveLength(5);
    expect((seriesOf(silent, 'actual') as CustomSeriesOption).data).toEqual([]);
    expect((seriesOf(silent, 'power') as LineSeriesOption).data).toEqual([]);
  });
});

describe('the bars', () => {
  const bars: Bar[] = [
    { start: 10, end: 30, row: 0, fill: 'red', tooltip: '' },
    { start: -50, end: 5, row: 1, fill: 'grey', stroke: 'black', dashed: true, tooltip: '' },
    { start: 200, end: 300, row: 1, fill: 'grey', tooltip: '' },
  ];
  // x: 1 px per unit from 0 to 100; rows 0 and 1 at y 20 and 60, 40 px apart
  const api = {
    coord: ([x, row]: number[]) => [x ?? 0, (row ?? 0) * 40 + 20],
    size: () => [0, 40],
  } as unknown as CustomSeriesRenderItemAPI;
  const params = (dataIndex: number) => ({ dataIndex, coordSys: { x: 0, y: 0, width: 100, height: 80 } }) as unknown as CustomSeriesRenderItemParams;
  const render = barRenderer(bars);

  it('are rectangles across their row, cut to the grid, and none outside it', () => {
    expect(render(params(0), api)).toEqual({
      type: 'rect',
      shape: { x: 10, y: 8, width: 20, height: 24 },
      style: { fill: 'red', stroke: '#fff', lineWidth: 1, lineDash: undefined },
    });
    expect(render(params(1), api)).toMatchObject({ shape: { x: 0, y: 48, width: 5, height: 24 }, style: { stroke: 'black', lineDash: [4, 3] } });
    expect(render(params(2), api)).toBeNull();
    expect(render(params(7), api)).toBeNull();
  });
});
