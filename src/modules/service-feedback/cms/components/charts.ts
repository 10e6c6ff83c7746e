import type { EChartsCoreOption } from 'echarts/core';
import { LEVEL_LABELS, LEVELS, type StatsRow } from '../../contract';
import { LEVEL_COLORS } from '../../components/labels';

/** Ratings per level as a pie (distribution index 0 = level 1). */
export const levelPie = (distribution: number[]): EChartsCoreOption => ({
  tooltip: { trigger: 'item', formatter: '{b}：{c} 条（{d}%）' },
  legend: { bottom: 0 },
  series: [
    {
      type: 'pie',
      radius: ['40%', '68%'],
      data: LEVELS.map((k) => ({
        name: LEVEL_LABELS[k],
        value: distribution[k - 1] ?? 0,
        itemStyle: { color: LEVEL_COLORS[k] },
      })),
    },
  ],
});

/** Groups (items, departments, months) as stacked bars per level, with the satisfaction rate as a line. */
export const groupBars = (rows: StatsRow[], horizontalNames = false): EChartsCoreOption => ({
  tooltip: { trigger: 'axis' },
  legend: { top: 0 },
  grid: { left: 48, right: 56, top: 36, bottom: horizontalNames ? 90 : 40 },
  xAxis: {
    type: 'category',
    data: rows.map((r) => r.name),
    axisLabel: horizontalNames ? { rotate: 30, interval: 0 } : {},
  },
  yAxis: [
    { type: 'value', name: '评价数' },
    { type: 'value', name: '满意率', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
  ],
  series: [
    ...LEVELS.map((k) => ({
      name: LEVEL_LABELS[k],
      type: 'bar',
      stack: 'levels',
      itemStyle: { color: LEVEL_COLORS[k] },
      data: rows.map((r) => r.distribution[k - 1] ?? 0),
    })),
    {
      name: '满意率',
      type: 'line',
      yAxisIndex: 1,
      data: rows.map((r) => Math.round(r.satisfiedRate * 1000) / 10),
    },
  ],
});
