import type { EChartsCoreOption } from 'echarts/core';
import type { DayPoint, NameValue } from '../contract';

/** Colours of the dark screens (and readable on the phone's white). */
export const PALETTE = ['#3ba1ff', '#36cfc9', '#ffc53d', '#ff7a45', '#9254de', '#73d13d', '#f759ab', '#40a9ff'];

export interface Look {
  text: string;
  line: string;
}
export const DARK: Look = { text: '#b7cdea', line: 'rgba(120,160,220,0.25)' };
export const LIGHT: Look = { text: '#595959', line: '#f0f0f0' };

const axis = (look: Look) => ({
  axisLabel: { color: look.text, fontSize: 12 },
  axisLine: { lineStyle: { color: look.line } },
  splitLine: { lineStyle: { color: look.line } },
});

/** Horizontal bars, the largest on top (at most `limit`). */
export const hbars = (
  rows: NameValue[],
  look: Look,
  name: string,
  limit = 10,
  unit = '',
  /** Rates near 100 %: the axis spans [min, max] instead of starting at zero. */
  range?: [number, number],
): EChartsCoreOption => {
  const top = rows.slice(0, limit).reverse();
  return {
    color: PALETTE,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 48, top: 8, bottom: 8, containLabel: true },
    xAxis: {
      type: 'value',
      ...(range ? { min: range[0], max: range[1] } : {}),
      ...axis(look),
      axisLabel: { show: false },
    },
    yAxis: {
      type: 'category',
      data: top.map((r) => r.name),
      ...axis(look),
      axisLabel: { color: look.text, fontSize: 12, width: 120, overflow: 'truncate' },
    },
    series: [
      {
        name,
        type: 'bar',
        barMaxWidth: 14,
        data: top.map((r) => r.value),
        label: { show: true, position: 'right', color: look.text, formatter: `{c}${unit}` },
      },
    ],
  };
};

/** Vertical bars of one or more series over the same categories. */
export const bars = (
  categories: string[],
  series: { name: string; data: number[]; stack?: string; yAxisIndex?: number }[],
  look: Look,
  /** Rates near 100 %: the axis spans [min, max] instead of starting at zero. */
  range?: [number, number],
): EChartsCoreOption => ({
  color: PALETTE,
  tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
  legend: series.length > 1 ? { top: 0, textStyle: { color: look.text } } : undefined,
  grid: { left: 8, right: 12, top: series.length > 1 ? 28 : 12, bottom: 4, containLabel: true },
  xAxis: {
    type: 'category',
    data: categories,
    ...axis(look),
    // Long college names: slanted when many, so each keeps its own room.
    axisLabel: {
      color: look.text,
      fontSize: 11,
      interval: 0,
      rotate: categories.length > 6 ? 30 : 0,
      width: categories.length > 6 ? 90 : 72,
      overflow: 'truncate',
    },
  },
  // A series on axis 1 (another unit, e.g. 万元 beside counts) gets its own scale on the right.
  yAxis: series.some((x) => x.yAxisIndex === 1)
    ? [
        { type: 'value', ...axis(look) },
        { type: 'value', ...axis(look), splitLine: { show: false } },
      ]
    : { type: 'value', ...(range ? { min: range[0], max: range[1] } : {}), ...axis(look) },
  series: series.map((s) => ({ ...s, type: 'bar', barMaxWidth: 22 })),
});

/** A daily series as a line (days as MM-DD); `extra` as a second line when named. */
export const daily = (points: DayPoint[], look: Look, name: string, extraName?: string): EChartsCoreOption => ({
  color: PALETTE,
  tooltip: { trigger: 'axis' },
  legend: extraName ? { top: 0, textStyle: { color: look.text } } : undefined,
  grid: { left: 8, right: 12, top: extraName ? 28 : 12, bottom: 4, containLabel: true },
  xAxis: { type: 'category', data: points.map((p) => p.day.slice(5)), ...axis(look), boundaryGap: false },
  yAxis: extraName
    ? [
        { type: 'value', ...axis(look) },
        { type: 'value', ...axis(look), splitLine: { show: false } },
      ]
    : { type: 'value', ...axis(look) },
  series: [
    {
      name,
      type: 'line',
      smooth: true,
      showSymbol: false,
      areaStyle: { opacity: 0.18 },
      data: points.map((p) => p.value),
    },
    ...(extraName
      ? [
          {
            name: extraName,
            type: 'line',
            smooth: true,
            showSymbol: false,
            yAxisIndex: 1,
            data: points.map((p) => p.extra ?? 0),
          },
        ]
      : []),
  ],
});

/** A ring of shares. */
export const ring = (rows: NameValue[], look: Look, name: string): EChartsCoreOption => ({
  color: PALETTE,
  tooltip: { trigger: 'item', formatter: '{b}：{c}（{d}%）' },
  legend: { orient: 'vertical', right: 0, top: 'middle', textStyle: { color: look.text }, type: 'scroll' },
  series: [
    {
      name,
      type: 'pie',
      radius: ['45%', '72%'],
      center: ['35%', '50%'],
      label: { show: false },
      data: rows.map((r) => ({ name: r.name, value: r.value })),
    },
  ],
});

/** An axis range for percentages near 100: from a little under the lowest to 100. */
export const rateRange = (values: number[]): [number, number] => [
  Math.max(0, Math.floor(Math.min(...values, 100)) - 1),
  100,
];
