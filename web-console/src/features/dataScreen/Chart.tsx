import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ECharts, EChartsCoreOption } from 'echarts/core';
import { echartsLocale } from '../../lib/format';
import { echarts } from './echarts';

export interface ChartProps {
  option: EChartsCoreOption;
  /** Accessible name of the chart. */
  label: string;
  /** Canvas pixels per CSS pixel: the device's ratio times the screen's scale, so a 4K screen stays sharp. */
  pixelRatio: number;
}

/**
 * One ECharts instance in a box that fills its parent. Made anew when the language or the
 * pixel ratio changes, disposed on unmount; every new option replaces the last one whole
 * (notMerge), so series and data never pile up over days of live updates.
 */
export default function Chart({ option, label, pixelRatio }: ChartProps) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | undefined>(undefined);

  useEffect(() => {
    if (!element.current) return undefined;
    const instance = echarts.init(element.current, undefined, { locale: echartsLocale(language), devicePixelRatio: pixelRatio });
    chart.current = instance;
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => instance.resize());
    observer?.observe(element.current);
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = undefined;
    };
  }, [language, pixelRatio]);

  // After the instance above (effects run in order), also on a new instance.
  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option, language, pixelRatio]);

  return <div ref={element} role="img" aria-label={label} style={{ width: '100%', height: '100%' }} />;
}
