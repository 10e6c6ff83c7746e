import * as echarts from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { GridComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { EChart } from '@/core/ui/echart';
import { LEVEL_LABELS, type Threshold, type ValuePoint } from '../../contract';

echarts.use([LineChart, GridComponent, TooltipComponent, MarkLineComponent, CanvasRenderer]);

const LINE_COLORS = { info: '#1677ff', warning: '#d46b08', critical: '#cf1322' } as const;

/**
 * An indicator's values per period as a line, its thresholds as dashed lines. Loaded lazily
 * (React.lazy) by the warning pages, so ECharts (line only) weighs on nothing else.
 */
export default function ValueChart({
  points,
  thresholds,
  unit,
  name,
  height = 220,
}: {
  points: ValuePoint[];
  thresholds: Threshold[];
  unit: string;
  name: string;
  height?: number;
}) {
  const option = useMemo(() => {
    // The axis spans the values and the thresholds, so every threshold line is drawn.
    const all = [...points.map((p) => p.value), ...thresholds.map((t) => t.value)].filter(
      (v): v is number => v !== null,
    );
    const lo = all.length ? Math.min(...all) : 0;
    const hi = all.length ? Math.max(...all) : 1;
    const pad = (hi - lo || Math.abs(hi) || 1) * 0.1;
    const nice = (v: number) => Number(v.toPrecision(3));
    return {
      animation: false,
      grid: { left: 56, right: 96, top: 24, bottom: 28 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: points.map((p) => p.period), boundaryGap: false },
      yAxis: {
        type: 'value',
        name: unit,
        min: lo >= 0 ? Math.max(0, nice(lo - pad)) : nice(lo - pad),
        max: nice(hi + pad),
        // The padded ends are not round numbers: only the ticks between them are labelled.
        axisLabel: { showMinLabel: false, showMaxLabel: false },
      },
      series: [
        {
          name,
          type: 'line',
          data: points.map((p) => p.value),
          symbolSize: 6,
          lineStyle: { width: 2, color: '#1677ff' },
          itemStyle: { color: '#1677ff' },
          markLine: {
            silent: true,
            symbol: 'none',
            data: thresholds.map((t) => ({
              yAxis: t.value,
              lineStyle: { type: 'dashed', color: LINE_COLORS[t.level] },
              label: {
                formatter: `${t.bound === 'upper' ? '上限' : '下限'}·${LEVEL_LABELS[t.level]} ${t.value}`,
                color: LINE_COLORS[t.level],
              },
            })),
          },
        },
      ],
    };
  }, [points, thresholds, unit, name]);
  return <EChart option={option} height={height} label={`${name}的取值趋势`} />;
}
