import type { EChartsCoreOption } from 'echarts/core';
import type { TFunction } from 'i18next';
import { formatNumber } from '../../../lib/format';
import type { EnergyFigures, EnergyGranularity, EnergyRankingRow, EnergyRow } from '../types';
import { BAND_COLOURS, BASELINE_COLOUR, COMPARED_COLOUR } from './codes';
import { axisLabel } from './period';

/** More buckets than this are zoomed into (an hourly month is 744). */
const ZOOM_FROM = 48;

const kwhFormatter = (language: string) => (value: unknown) => (typeof value === 'number' ? `${formatNumber(value, language, 2)} kWh` : '-');

const valuesOf = (rows: readonly EnergyRow[], figure: keyof EnergyFigures) => rows.map((row) => row[figure]);

function zoomOf(rows: readonly unknown[]) {
  return rows.length > ZOOM_FROM ? { dataZoom: [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }] } : {};
}

/** The buckets' names on the axis, in the server's order (every bucket of the period, an hour of a clock change as the zone has it). */
const axisOf = (granularity: EnergyGranularity, rows: readonly EnergyRow[]) => ({ type: 'category', data: rows.map((row) => axisLabel(granularity, row.time)) });

export interface TrendInput {
  t: TFunction;
  language: string;
  granularity: EnergyGranularity;
  /** Every bucket of the period, as the server answers them. */
  rows: readonly EnergyRow[];
}

/** The trend: peak, flat and valley kWh stacked in each bucket, the baseline as a line over them. */
export function trendOption({ t, language, granularity, rows }: TrendInput): EChartsCoreOption {
  const band = (figure: 'peakKwh' | 'flatKwh' | 'valleyKwh', code: 'P' | 'F' | 'V') => ({
    type: 'bar',
    stack: 'energy',
    name: t(`lighting.energyStats.bandNames.${code}`),
    itemStyle: { color: BAND_COLOURS[code] },
    barMaxWidth: 32,
    data: valuesOf(rows, figure),
  });
  return {
    tooltip: { trigger: 'axis', valueFormatter: kwhFormatter(language) },
    legend: { top: 0 },
    grid: { left: 56, right: 24, top: 40, bottom: rows.length > ZOOM_FROM ? 56 : 32 },
    xAxis: axisOf(granularity, rows),
    yAxis: { type: 'value', name: 'kWh' },
    ...zoomOf(rows),
    series: [
      band('peakKwh', 'P'),
      band('flatKwh', 'F'),
      band('valleyKwh', 'V'),
      {
        type: 'line',
        name: t('lighting.energyStats.baseline'),
        itemStyle: { color: BASELINE_COLOUR },
        lineStyle: { type: 'dashed' },
        showSymbol: rows.length <= ZOOM_FROM,
        data: valuesOf(rows, 'baselineKwh'),
      },
    ],
  };
}

export interface ComparisonInput extends Omit<TrendInput, 't'> {
  /** The series' names (with their periods). */
  names: { current: string; compared: string };
  /** The compared period's buckets, as the server answers them. */
  comparedRows: readonly EnergyRow[];
}

/**
 * The period against the one compared with, bucket by bucket (the first with the first: the
 * periods are as long), kWh as two bars; a bucket one of them lacks (the other has a 29
 * February, or a clock change) has no bar.
 */
export function comparisonOption({ language, granularity, rows, names, comparedRows }: ComparisonInput): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis', valueFormatter: kwhFormatter(language) },
    legend: { top: 0 },
    grid: { left: 56, right: 24, top: 40, bottom: rows.length > ZOOM_FROM ? 56 : 32 },
    xAxis: axisOf(granularity, rows),
    yAxis: { type: 'value', name: 'kWh' },
    ...zoomOf(rows),
    series: [
      { type: 'bar', name: names.current, itemStyle: { color: BASELINE_COLOUR }, barMaxWidth: 24, data: valuesOf(rows, 'kwh') },
      { type: 'bar', name: names.compared, itemStyle: { color: COMPARED_COLOUR }, barMaxWidth: 24, data: rows.map((_row, index) => comparedRows[index]?.kwh ?? null) },
    ],
  };
}

/** A loop of the ranking: 'gateway · loop name', or the loop's number without a name. */
export function rankedLoopName(t: TFunction, row: Pick<EnergyRankingRow, 'gatewayName' | 'loopName' | 'loopIndex'>): string {
  return `${row.gatewayName} · ${row.loopName || t('lighting.loopN', { index: row.loopIndex })}`;
}

/** The loops that used the most, as horizontal bars, the largest on top. */
export function rankingOption({ t, language, rows }: { t: TFunction; language: string; rows: readonly EnergyRankingRow[] }): EChartsCoreOption {
  const format = kwhFormatter(language);
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: format },
    // ECharts 6 keeps the axis labels (the loop names) inside the chart by itself
    grid: { left: 16, right: 96, top: 16, bottom: 24 },
    xAxis: { type: 'value', name: 'kWh' },
    yAxis: { type: 'category', inverse: true, data: rows.map((row) => rankedLoopName(t, row)) },
    series: [
      {
        type: 'bar',
        name: t('lighting.energyStats.cards.kwh'),
        itemStyle: { color: BASELINE_COLOUR },
        barMaxWidth: 20,
        label: { show: true, position: 'right', formatter: ({ value }: { value: unknown }) => format(value) },
        data: rows.map((row) => row.kwh),
      },
    ],
  };
}
