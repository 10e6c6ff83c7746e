import * as echarts from 'echarts/core';
import type { EChartsCoreOption } from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { EChart } from '@/core/ui/echart';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** One ECharts chart (bar and line only), loaded lazily (React.lazy) by the card pages. */
export default function Chart({ option, height = 280 }: { option: EChartsCoreOption; height?: number }) {
  return <EChart option={option} height={height} label="月度消费统计图" />;
}
