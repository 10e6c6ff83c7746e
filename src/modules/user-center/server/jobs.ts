import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { footprintCutoff } from './personal';
import { deleteFootprintsBefore, deleteUnlocksBefore } from './repository';

export const CLEANUP_JOB = 'user-center.cleanup';

/** Nightly: footprints older than 90 days and expired payslip unlocks go. */
export function defineUserCenterJobs(app: FastifyInstance): void {
  app.jobs.define({
    name: CLEANUP_JOB,
    title: '个人中心足迹清理',
    payload: Type.Object({}),
    cron: '30 3 * * *',
    retry: { limit: 2, backoffMs: 60_000 },
    async run(ctx) {
      const now = Date.now();
      const n =
        (await deleteFootprintsBefore(ctx.app.db, footprintCutoff(now))) + (await deleteUnlocksBefore(ctx.app.db, now));
      return { read: n, written: n };
    },
  });
}
