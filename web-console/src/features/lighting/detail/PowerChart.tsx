import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
// Core and the few parts used, so the chart chunk carries only what this chart needs.
import * as echarts from 'echarts/core';
import type { ComposeOption, ECharts } from 'echarts/core';
import { LineChart, type LineSeriesOption } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  TooltipComponent,
  type DataZoomComponentOption,
  type GridComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { toDate } from '../../../lib/date';
import { echartsLocale } from '../../../lib/format';
import type { PowerPoint } from '../types';
import '../i18n';

echarts.use([LineChart, GridComponent, TooltipComponent, DataZoomComponent, CanvasRenderer]);

type ChartOption = ComposeOption<LineSeriesOption | GridComponentOption | TooltipComponentOption | DataZoomComponentOption>;

export interface PowerChartProps {
  points: readonly PowerPoint[];
  /** Accessible name of the chart. */
  label: string;
}

/** Active power over time (W), one point per minute. Loaded with the gateway detail only. */
export default function PowerChart({ points, label }: PowerChartProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | undefined>(undefined);

  // ECharts's own texts (time axis, tooltip) in the interface language: a new chart per language
  useEffect(() => {
    if (!element.current) return undefined;
    const instance = echarts.init(element.current, undefined, { locale: echartsLocale(language) });
    chart.current = instance;
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => instance.resize());
    observer?.observe(element.current);
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = undefined;
    };
  }, [language]);

  useEffect(() => {
    const data = points.flatMap((point) => {
      const time = toDate(point.time);
      return time ? [[time.getTime(), point.activePower] as [number, number | null]] : [];
    });
    const option: ChartOption = {
      grid: { left: 56, right: 24, top: 24, bottom: 56 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'time' },
      yAxis: { type: 'value', name: 'W' },
      dataZoom: [{ type: 'inside' }, { type: 'slider', height: 20, bottom: 8 }],
      series: [
        {
          type: 'line',
          name: t('lighting.activePower'),
          showSymbol: false,
          connectNulls: false,
          areaStyle: { opacity: 0.15 },
          data,
        },
      ],
    };
    chart.current?.setOption(option, true);
  }, [points, t, language]);

  return <div ref={element} role="img" aria-label={label} style={{ width: '100%', height: 320 }} />;
}
