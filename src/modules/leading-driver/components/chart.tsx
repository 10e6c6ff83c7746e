import * as echarts from 'echarts/core';
import type { EChartsCoreOption } from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { EChart } from '@/core/ui/echart';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/**
 * One ECharts chart (bar, line and pie only), loaded lazily by the cockpit's pages (React.lazy) so
 * echarts never weighs on their first paint nor on any other page; the phone page shares it.
 */
export default function Chart({ option, height, label }: { option: EChartsCoreOption; height: number; label: string }) {
  return <EChart option={option} height={height} label={label} />;
}
