import type { CardMonth } from '../../contract';

/** The monthly chart's option: spending as bars, top-ups as a line. Shared by desktop and phone. */
export const cardMonthOption = (months: CardMonth[]) => ({
  tooltip: { trigger: 'axis' },
  legend: { data: ['消费', '充值'], top: 0, right: 8 },
  grid: { left: 48, right: 16, top: 36, bottom: 28 },
  xAxis: { type: 'category', data: months.map((m) => m.month) },
  yAxis: { type: 'value', name: '元' },
  series: [
    { name: '消费', type: 'bar', data: months.map((m) => m.spent), itemStyle: { color: '#1677ff' } },
    { name: '充值', type: 'line', data: months.map((m) => m.topUp), itemStyle: { color: '#52c41a' } },
  ],
});
