import type { FastifyInstance } from 'fastify';
import { AppError } from '@/server/errors';
import { Codes } from '@/shared/errors';
import type { Metric } from '../contract';
import type { DashboardData, LinkFilter, Widget, WidgetData } from '../dashboard-contract';
import { resolveMetric, runResolved } from './aggregate';
import type { Conn } from './repository';

/**
 * The data call: every widget of a dashboard answered through the aggregate layer (one
 * resolveMetric + runResolved per widget), with the linkage filters added as `in` filters to the
 * widgets whose table has the filter's field — except the widget the click came from, which keeps
 * showing every value so the viewer can pick another.
 */
export async function dashboardData(
  app: FastifyInstance,
  q: Conn,
  widgets: readonly Widget[],
  filters: readonly LinkFilter[],
): Promise<DashboardData> {
  const answers = await Promise.all(widgets.map((w) => widgetData(app, q, w, filters)));
  return Object.fromEntries(widgets.map((w, i) => [w.id, answers[i]!]));
}

async function widgetData(
  app: FastifyInstance,
  q: Conn,
  w: Widget,
  filters: readonly LinkFilter[],
): Promise<WidgetData> {
  let base;
  try {
    base = await resolveMetric(app, q, w.metric);
  } catch (e) {
    // A table or field dropped since the dashboard was published: this widget says so, the others draw.
    if (e instanceof AppError) return { ok: false, message: e.message };
    throw e;
  }
  const names = new Set(base.def.fields.map((f) => f.name));
  const extra = filters
    .filter((f) => f.from !== w.id && names.has(f.field))
    .map((f) => ({ field: f.field, op: 'in' as const, value: f.values }));
  if (!extra.length) return { ok: true, ...(await runResolved(q, base, w.metric)) };
  const metric: Metric = { ...w.metric, filters: [...w.metric.filters, ...extra] };
  let resolved;
  try {
    resolved = await resolveMetric(app, q, metric);
  } catch (e) {
    if (e instanceof AppError) throw new AppError(Codes.biDashboardBadLinkage, 400, e.message);
    throw e;
  }
  return { ok: true, ...(await runResolved(q, resolved, metric)) };
}
