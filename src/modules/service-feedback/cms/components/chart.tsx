import * as echarts from 'echarts/core';
import type { EChartsCoreOption } from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { EChart } from '@/core/ui/echart';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/**
 * One ECharts chart (only the bar, line and pie types these pages draw). Loaded lazily by the
 * statistics pages (React.lazy), so echarts never weighs on any other page's first load.
 */
export default function Chart({ option, height = 320 }: { option: EChartsCoreOption; height?: number }) {
  return <EChart option={option} height={height} label="统计图" />;
}
