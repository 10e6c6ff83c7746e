import * as echarts from 'echarts/core';
import type { EChartsCoreOption } from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { EChart } from '@/core/ui/echart';

echarts.use([LineChart, GridComponent, TooltipComponent, CanvasRenderer]);

/** The trend line (loaded lazily by the summary, so echarts weighs on no other page). */
export default function Chart({ option, height = 320 }: { option: EChartsCoreOption; height?: number }) {
  return <EChart option={option} height={height} label="纠错趋势图" />;
}
