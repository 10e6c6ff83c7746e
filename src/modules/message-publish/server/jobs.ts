import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { MAX_ID } from '@/shared/ids';
import { DELIVER_JOB, deliverOverdue, deliverRelease, settleApprovals } from './service';

export const DISPATCH_JOB = 'message-publish.dispatch';

/**
 * 消息发布's jobs: the delivery of one release, queued for its scheduled minute (the runner runs it
 * once, and the delivery's cursor keeps a retry from sending twice); and every minute, the
 * whole-school releases whose approval ended, and any release overdue for its delivery.
 */
export function defineMessagePublishJobs(app: FastifyInstance): void {
  app.jobs.define({
    name: DELIVER_JOB,
    title: '消息定时发布',
    payload: Type.Object({ releaseId: Type.Integer({ minimum: 1, maximum: MAX_ID }) }),
    retry: { limit: 3, backoffMs: 30_000 },
    timeoutMs: 30 * 60_000,
    async run(ctx, p) {
      const n = await deliverRelease(ctx.app, p.releaseId);
      return { written: n };
    },
  });
  app.jobs.define({
    name: DISPATCH_JOB,
    title: '消息发布审批结果与补发',
    payload: Type.Object({}),
    cron: '* * * * *',
    retry: { limit: 1, backoffMs: 30_000 },
    async run(ctx) {
      const settled = await settleApprovals(ctx.app);
      const sent = await deliverOverdue(ctx.app, Date.now());
      return { read: settled, written: sent };
    },
  });
}
