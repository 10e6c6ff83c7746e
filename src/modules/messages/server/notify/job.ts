import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { deliverDue } from './deliver';

export const DELIVER_JOB = 'messages.deliver';

/**
 * Every minute: the due deliveries of the outbox, sent (deliver.ts keeps each delivery's own tries
 * and backoff, so the job itself is not retried: a failed run's work is simply due next minute).
 */
export function defineDeliverJob(app: FastifyInstance): void {
  app.jobs.define({
    name: DELIVER_JOB,
    title: '消息通知发送（邮件/短信/企业微信/钉钉）',
    payload: Type.Object({}),
    cron: '* * * * *',
    retry: { limit: 0, backoffMs: 60_000 },
    timeoutMs: 10 * 60_000,
    async run(ctx) {
      let read = 0;
      let written = 0;
      // Batches of 50 until none is due (at most 20 a run: the next minute takes the rest).
      for (let i = 0; i < 20; i++) {
        const s = await deliverDue(ctx.app);
        const n = s.sent + s.retrying + s.failed;
        read += n;
        written += s.sent;
        if (n < 50) break;
      }
      return { read, written };
    },
  });
}
