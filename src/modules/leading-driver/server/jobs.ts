import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { refreshAggregates } from './service';

export const REFRESH_JOB = 'leading-driver.after-sync';

/**
 * Every 5 minutes the change versions of the big event tables (ykt_txn, mj_gate_event,
 * wl_auth_session) are compared with the last rebuild's; after a sync moved one, that metric's newest
 * days are rebuilt (data-sync has no "after sync" event, so this polls — nothing in data-sync knows
 * the cockpit). Nightly every day is rebuilt, so a late older row never outlives a day.
 */
export function defineLeadingDriverJobs(app: FastifyInstance): void {
  app.jobs.define({
    name: REFRESH_JOB,
    title: '领导驾驶舱：同步后汇总',
    payload: Type.Object({ force: Type.Optional(Type.Boolean()) }),
    cron: '*/5 * * * *',
    retry: { limit: 1, backoffMs: 60_000 },
    timeoutMs: 30 * 60_000,
    async run(ctx, payload) {
      const r = await refreshAggregates(ctx.app, payload.force ?? false);
      return { read: r?.rows ?? 0, written: r?.rows ?? 0 };
    },
  });
  app.jobs.define({
    name: 'leading-driver.nightly',
    title: '领导驾驶舱：每日重建汇总',
    payload: Type.Object({}),
    cron: '10 3 * * *',
    retry: { limit: 2, backoffMs: 60_000 },
    timeoutMs: 30 * 60_000,
    async run(ctx) {
      const r = await refreshAggregates(ctx.app, true);
      return { read: r?.rows ?? 0, written: r?.rows ?? 0 };
    },
  });
}
