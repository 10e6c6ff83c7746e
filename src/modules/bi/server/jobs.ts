import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { evaluateAll, evaluateIfChanged } from './evaluate';

export const EVALUATE_JOB = 'bi.evaluate-indicators';
export const WATCH_JOB = 'bi.after-sync';

/**
 * Hourly: every active indicator evaluated. Every 5 minutes: the fingerprint of the data tables the
 * indicators read is compared with the last evaluation's, so a finished sync is followed by an
 * evaluation within minutes, without data-sync knowing about BI.
 */
export function defineIndicatorJobs(app: FastifyInstance): void {
  app.jobs.define({
    name: EVALUATE_JOB,
    title: 'BI 指标计算与预警',
    payload: Type.Object({}),
    cron: '7 * * * *',
    retry: { limit: 2, backoffMs: 60_000 },
    timeoutMs: 15 * 60_000,
    async run(ctx) {
      const r = await evaluateAll(ctx.app);
      return { read: r.evaluated + r.failed, written: r.evaluated };
    },
  });
  app.jobs.define({
    name: WATCH_JOB,
    title: 'BI 指标：同步后计算',
    payload: Type.Object({}),
    cron: '*/5 * * * *',
    retry: { limit: 1, backoffMs: 60_000 },
    timeoutMs: 15 * 60_000,
    async run(ctx) {
      const r = await evaluateIfChanged(ctx.app);
      return r ? { read: r.evaluated + r.failed, written: r.evaluated } : { read: 0, written: 0 };
    },
  });
}
