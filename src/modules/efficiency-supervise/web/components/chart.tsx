import * as echarts from 'echarts/core';
import type { EChartsCoreOption } from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { EChart } from '@/core/ui/echart';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/**
 * One ECharts chart (bar and line only). Loaded lazily by the supervision page (React.lazy), so
 * echarts never weighs on its first paint or on any other page.
 */
export default function Chart({
  option,
  height = 300,
  label,
}: {
  option: EChartsCoreOption;
  height?: number;
  label: string;
}) {
  return <EChart option={option} height={height} label={label} />;
}
