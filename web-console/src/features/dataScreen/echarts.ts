// Core and the few parts the screen (and the energy statistics, which draw with its Chart) use,
// so the chart chunk carries only those.
import * as echarts from 'echarts/core';
import { BarChart, EffectScatterChart, GaugeChart, LineChart, PieChart, ScatterChart } from 'echarts/charts';
import { DataZoomComponent, GeoComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([
  BarChart,
  EffectScatterChart,
  GaugeChart,
  LineChart,
  PieChart,
  ScatterChart,
  DataZoomComponent,
  GeoComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export { echarts };
