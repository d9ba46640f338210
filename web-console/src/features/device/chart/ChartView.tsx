import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
// Core and the few parts used, so the shared ECharts chunk carries only what the charts need.
import * as echarts from 'echarts/core';
import type { ECharts } from 'echarts/core';
import { CustomChart, LineChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, MarkLineComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { echartsLocale } from '../../../lib/format';
import type { LoopChart } from '../types';
import { buildChartOption } from './chartModel';
import '../i18n';

echarts.use([CustomChart, LineChart, GridComponent, TooltipComponent, MarkLineComponent, TitleComponent, DataZoomComponent, CanvasRenderer]);

export interface ChartViewProps {
  chart: LoopChart;
  /** Accessible name of the chart. */
  label: string;
}

/** One loop's night as an ECharts chart (chartModel.ts builds it). Loaded with the lighting charts only. */
export default function ChartView({ chart, label }: ChartViewProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const element = useRef<HTMLDivElement>(null);
  const instance = useRef<ECharts | undefined>(undefined);
  const option = useMemo(() => buildChartOption(t, chart, language), [t, chart, language]);

  // ECharts's own texts in the interface language: a new chart per language
  useEffect(() => {
    if (!element.current) return undefined;
    const made = echarts.init(element.current, undefined, { locale: echartsLocale(language) });
    instance.current = made;
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => made.resize());
    observer?.observe(element.current);
    return () => {
      observer?.disconnect();
      made.dispose();
      instance.current = undefined;
    };
  }, [language]);

  // After the instance above (effects run in order), also on a new instance; the whole option each time.
  useEffect(() => {
    instance.current?.setOption(option, { notMerge: true });
  }, [option, language]);

  return <div ref={element} role="img" aria-label={label} style={{ width: '100%', height: 440 }} />;
}
