import type { EChartsCoreOption } from 'echarts/core';
import type { GroupRow, TrendPoint } from '../../contract';

/** Daily overdue counts as a line. */
export const trendLine = (points: TrendPoint[]): EChartsCoreOption => ({
  tooltip: { trigger: 'axis' },
  grid: { left: 40, right: 16, top: 24, bottom: 32 },
  xAxis: { type: 'category', data: points.map((p) => p.day.slice(5)) },
  yAxis: { type: 'value', name: '超期数', minInterval: 1 },
  series: [
    {
      name: '超期审批',
      type: 'line',
      smooth: true,
      areaStyle: { opacity: 0.15 },
      data: points.map((p) => p.overdue),
      itemStyle: { color: '#cf1322' },
    },
  ],
});

/** A ranking as horizontal bars, the first row on top: late rate (%) or mean handling hours. */
export const rankingBars = (rows: GroupRow[], sort: 'lateRate' | 'meanHours'): EChartsCoreOption => {
  const top = rows.slice(0, 10).reverse();
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 150, right: 40, top: 16, bottom: 24 },
    xAxis:
      sort === 'lateRate'
        ? { type: 'value', max: 100, axisLabel: { formatter: '{value}%' } }
        : { type: 'value', name: '小时' },
    yAxis: { type: 'category', data: top.map((r) => r.name), axisLabel: { width: 140, overflow: 'truncate' } },
    series: [
      {
        name: sort === 'lateRate' ? '超期率' : '平均办理时长(小时)',
        type: 'bar',
        data: top.map((r) => (sort === 'lateRate' ? Math.round(r.lateRate * 1000) / 10 : (r.meanHours ?? 0))),
        itemStyle: { color: sort === 'lateRate' ? '#fa541c' : '#1677ff' },
        label: { show: true, position: 'right', formatter: sort === 'lateRate' ? '{c}%' : '{c}' },
      },
    ],
  };
};
