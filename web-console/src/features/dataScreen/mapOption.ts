import type { EChartsCoreOption } from 'echarts/core';
import { TEXT } from './style';
import { WORLD } from './worldMap';

/**
 * The map panel's chart: the shipped world map centred on the project's place, marked there
 * with a ripple on its own canvas layer (each frame repaints the marker, not the whole map),
 * or with a still marker for a viewer who asked for less motion.
 */
export function mapOption(place: [number, number] | undefined, projectName: string, still: boolean): EChartsCoreOption {
  return {
    geo: {
      map: WORLD,
      roam: false,
      center: place ?? [105, 35],
      zoom: place ? 6 : 1.2,
      silent: true,
      itemStyle: { areaColor: '#0f3a6b', borderColor: '#3fb1ff', borderWidth: 0.8 },
    },
    series: place
      ? [
          {
            ...(still ? { type: 'scatter' } : { type: 'effectScatter', zlevel: 1, rippleEffect: { scale: 4, brushType: 'stroke' } }),
            coordinateSystem: 'geo',
            symbolSize: 18,
            itemStyle: { color: '#ffd666' },
            label: { show: true, position: 'right', formatter: projectName, color: TEXT, fontSize: 18 },
            data: [{ name: projectName, value: place }],
          },
        ]
      : [],
  };
}
