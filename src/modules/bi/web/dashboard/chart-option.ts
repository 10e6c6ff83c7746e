import type { EChartsCoreOption } from 'echarts/core';
import type { AggregateRow } from '../../contract';
import type { ChartType, Widget } from '../../dashboard-contract';

/** ECharts options from a widget's aggregate rows (pure: no ECharts import, so it tests in jsdom). */

const uniq = (xs: (string | null)[]) => [...new Set(xs.map((x) => x ?? ''))];

/** Series by dimension over the periods (line, scatter, bar by period). */
function byPeriod(rows: AggregateRow[], type: 'line' | 'bar' | 'scatter') {
  const periods = uniq(rows.map((r) => r.period));
  const dims = uniq(rows.map((r) => r.dim));
  const cell = new Map(rows.map((r) => [`${r.period ?? ''}\u0000${r.dim ?? ''}`, r.value]));
  const series = dims.map((d) => ({
    name: d || '数值',
    type,
    data: periods.map((p) => cell.get(`${p}\u0000${d}`) ?? null),
    ...(type === 'line' ? { smooth: true, showSymbol: periods.length < 40 } : {}),
  }));
  return { periods, series, legend: dims.length > 1 };
}

export function chartOption(type: ChartType, w: Widget, rows: AggregateRow[], dark: boolean): EChartsCoreOption {
  const limit = w.options.limit ?? 20;
  const unit = w.options.unit ?? '';
  const base = { animation: false, backgroundColor: 'transparent', tooltip: { trigger: 'item' as const } };
  if (type === 'gauge') {
    const v = rows[0]?.value ?? 0;
    const max = w.options.max ?? Math.max(10, Number((Math.abs(v) * 1.5).toPrecision(2)));
    return {
      ...base,
      series: [
        {
          type: 'gauge',
          min: 0,
          max,
          radius: '90%',
          center: ['50%', '58%'],
          splitNumber: 4,
          progress: { show: true, width: 12 },
          axisLine: { lineStyle: { width: 12 } },
          axisTick: { show: false },
          splitLine: { length: 8, distance: 4 },
          axisLabel: { distance: 16, fontSize: 10, color: dark ? '#bfbfbf' : '#8c8c8c' },
          pointer: { width: 4, length: '55%' },
          // The widget's card already shows the title: only the value under the needle.
          title: { show: false },
          detail: {
            valueAnimation: false,
            formatter: `{value}${unit}`,
            fontSize: 20,
            offsetCenter: [0, '32%'],
            color: dark ? '#fff' : '#1f1f1f',
          },
          data: [{ value: v, name: w.title }],
        },
      ],
    };
  }
  if (type === 'pie' || type === 'funnel') {
    const data = rows.slice(0, limit).map((r) => ({ name: r.dim || '（空）', value: r.value ?? 0 }));
    return {
      ...base,
      legend: { type: 'scroll', bottom: 0 },
      series: [
        type === 'pie'
          ? { type: 'pie', radius: ['35%', '65%'], center: ['50%', '45%'], data }
          : { type: 'funnel', left: '10%', width: '80%', top: 10, bottom: 40, sort: 'descending', data },
      ],
    };
  }
  const axisTip = { ...base, tooltip: { trigger: 'axis' as const } };
  if (type === 'bar' && !w.metric.grain) {
    const top = rows.slice(0, limit);
    const cats = top.map((r) => r.dim || '（空）');
    const values = top.map((r) => r.value);
    const cat = { type: 'category', data: cats, axisLabel: { interval: 0, rotate: w.options.horizontal ? 0 : 30 } };
    const val = { type: 'value', name: unit };
    return {
      ...axisTip,
      grid: { left: 48, right: 24, top: 32, bottom: 8, containLabel: true },
      xAxis: w.options.horizontal ? val : cat,
      yAxis: w.options.horizontal ? { ...cat, inverse: true } : val,
      series: [{ type: 'bar', name: w.title, data: values, barMaxWidth: 36 }],
    };
  }
  const { periods, series, legend } = byPeriod(rows, type === 'scatter' ? 'scatter' : type === 'bar' ? 'bar' : 'line');
  return {
    ...axisTip,
    ...(legend ? { legend: { type: 'scroll', top: 0 } } : {}),
    grid: { left: 48, right: 24, top: legend ? 36 : 24, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: periods, boundaryGap: type !== 'line' },
    yAxis: { type: 'value', name: unit },
    series,
  };
}

/** The dimension value a click on a chart names (a bar, a slice), or null when it names none. */
export function clickedValue(w: Widget, p: { name?: string; seriesName?: string }): string | null {
  if (!w.metric.dimension) return null;
  const v = w.metric.grain ? p.seriesName : p.name;
  return v && v !== '其他' && v !== '（空）' ? v : null;
}
