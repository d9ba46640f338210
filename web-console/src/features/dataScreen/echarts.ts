// Core and the few parts the screen uses, so the chart chunk carries only those.
import * as echarts from 'echarts/core';
import { BarChart, EffectScatterChart, GaugeChart, PieChart, ScatterChart } from 'echarts/charts';
import { GeoComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([BarChart, EffectScatterChart, GaugeChart, PieChart, ScatterChart, GeoComponent, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export { echarts };
