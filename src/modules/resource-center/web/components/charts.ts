import type { EChartsCoreOption } from 'echarts/core';
import { KIND_LABELS, type ResourceKind, type StatsAnswer } from '../../contract';

export const kindPie = (s: StatsAnswer): EChartsCoreOption => ({
  tooltip: { trigger: 'item', formatter: '{b}：{c} 个（{d}%）' },
  legend: { bottom: 0 },
  series: [
    {
      type: 'pie',
      radius: ['40%', '68%'],
      data: s.byKind.map((k) => ({ name: KIND_LABELS[k.name as ResourceKind] ?? k.name, value: k.count })),
    },
  ],
});

/** Groups (departments, labels) as bars of resources with their access count as a second bar. */
export const groupBars = (rows: { name: string; count: number; views: number }[]): EChartsCoreOption => ({
  tooltip: { trigger: 'axis' },
  legend: { top: 0 },
  grid: { left: 48, right: 48, top: 36, bottom: 90 },
  xAxis: { type: 'category', data: rows.map((r) => r.name), axisLabel: { rotate: 30, interval: 0 } },
  yAxis: [
    { type: 'value', name: '资源数' },
    { type: 'value', name: '访问次数' },
  ],
  series: [
    { name: '资源数', type: 'bar', data: rows.map((r) => r.count) },
    { name: '访问次数', type: 'bar', yAxisIndex: 1, data: rows.map((r) => r.views) },
  ],
});

export const accessLines = (s: StatsAnswer): EChartsCoreOption => ({
  tooltip: { trigger: 'axis' },
  legend: { top: 0 },
  grid: { left: 48, right: 24, top: 36, bottom: 40 },
  xAxis: { type: 'category', data: s.access.map((a) => a.day.slice(5)) },
  yAxis: { type: 'value', name: '次数' },
  series: [
    { name: '预览', type: 'line', smooth: true, data: s.access.map((a) => a.view) },
    { name: '下载', type: 'line', smooth: true, data: s.access.map((a) => a.download) },
    { name: '链接访问', type: 'line', smooth: true, data: s.access.map((a) => a.link) },
  ],
});
