import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { recomputeAll, recomputeIfChanged } from './service';

export const RECOMPUTE_JOB = 'early-warning.recompute';
export const WATCH_JOB = 'early-warning.after-sync';

/**
 * Nightly: every list recomputed (thresholds may have changed, leave approved). Every 5 minutes:
 * the watched data tables' change versions (data-tables' counter) are compared with the last recompute's, so a
 * finished sync of attendance, grades, gate or card data is followed by a recompute within minutes —
 * without data-sync knowing about this module.
 */
export function defineWarningJobs(app: FastifyInstance): void {
  app.jobs.define({
    name: RECOMPUTE_JOB,
    title: '学生预警名单重算',
    payload: Type.Object({}),
    cron: '30 3 * * *',
    retry: { limit: 2, backoffMs: 60_000 },
    timeoutMs: 30 * 60_000,
    async run(ctx) {
      const r = await recomputeAll(ctx.app);
      const n = Object.values(r.counts).reduce((a, b) => a + b, 0);
      return { read: n + r.leave, written: n };
    },
  });
  app.jobs.define({
    name: WATCH_JOB,
    title: '学生预警：同步后重算',
    payload: Type.Object({}),
    cron: '*/5 * * * *',
    retry: { limit: 1, backoffMs: 60_000 },
    timeoutMs: 30 * 60_000,
    async run(ctx) {
      const r = await recomputeIfChanged(ctx.app);
      if (!r) return { read: 0, written: 0 };
      const n = Object.values(r.counts).reduce((a, b) => a + b, 0);
      return { read: n + r.leave, written: n };
    },
  });
}
