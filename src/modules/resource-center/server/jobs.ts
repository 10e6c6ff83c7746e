import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { purgeTickets } from './service';

export const PURGE_JOB = 'resource-center.purge-tickets';

/** Hourly: file addresses (view tickets) past their life are deleted. */
export function defineResourceJobs(app: FastifyInstance): void {
  app.jobs.define({
    name: PURGE_JOB,
    title: '资源文件地址清理',
    payload: Type.Object({}),
    cron: '17 * * * *',
    retry: { limit: 2, backoffMs: 60_000 },
    async run(ctx) {
      const n = await purgeTickets(ctx.app.db, Date.now());
      return { read: n, written: n };
    },
  });
}
