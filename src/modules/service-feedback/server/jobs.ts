import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { flagOverdueRectifications } from './service';

export const OVERDUE_JOB = 'service-feedback.overdue';

/** Every 30 minutes: open rectifications past their deadline are flagged and their departments told. */
export function defineFeedbackJobs(app: FastifyInstance): void {
  app.jobs.define({
    name: OVERDUE_JOB,
    title: '差评整改逾期标记',
    payload: Type.Object({}),
    cron: '*/30 * * * *',
    retry: { limit: 2, backoffMs: 60_000 },
    async run(ctx) {
      const n = await flagOverdueRectifications(ctx.app.db);
      return { read: n, written: n };
    },
  });
}
