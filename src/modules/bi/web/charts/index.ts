import type { ChartType } from '../../dashboard-contract';

/**
 * One small file per chart type, each registering just its ECharts chart: a dashboard page loads
 * (and downloads) only the types its widgets draw. Static specifiers, so the bundler splits each.
 */
const LOADERS: Record<ChartType, () => Promise<unknown>> = {
  line: () => import('./line'),
  bar: () => import('./bar'),
  pie: () => import('./pie'),
  scatter: () => import('./scatter'),
  gauge: () => import('./gauge'),
  funnel: () => import('./funnel'),
};

const loaded = new Map<ChartType, Promise<unknown>>();

/** Resolves once the chart type is registered with echarts/core (each type loads once). */
export function loadChart(type: ChartType): Promise<unknown> {
  let p = loaded.get(type);
  if (!p) {
    p = LOADERS[type]();
    loaded.set(type, p);
  }
  return p;
}
