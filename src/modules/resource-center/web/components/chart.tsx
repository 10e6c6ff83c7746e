import * as echarts from 'echarts/core';
import type { EChartsCoreOption } from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { EChart } from '@/core/ui/echart';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** One ECharts chart (bar, line, pie), loaded lazily by the statistics page so echarts weighs on no other page. */
export default function Chart({ option, height = 320 }: { option: EChartsCoreOption; height?: number }) {
  return <EChart option={option} height={height} label="统计图" />;
}
