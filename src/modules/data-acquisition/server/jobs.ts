import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { sendMessage } from '@/modules/messages/server/commands/send-message';
import * as repo from './repository';
import { beijing, parseJson } from './service';
import { settle } from './approve';

/** The longest reminder offset (30 days): tasks further out need no look yet. */
const HORIZON_MS = 30 * 24 * 3600_000;

/**
 * Scheduled reminders: for each published task, each reminder offset (hours before the deadline)
 * that has come and was not sent yet reminds everyone who has not submitted. The offsets sent are
 * recorded with the messages in one transaction, so a retry never reminds twice.
 */
export async function sendDueReminders(app: FastifyInstance, now = Date.now()): Promise<number> {
  let sent = 0;
  for (const t of await repo.openTasksBefore(app.db, now, now + HORIZON_MS)) {
    const deadline = Number(t.deadline);
    const done = new Set(parseJson<number[]>(t.remindersSent));
    const due = parseJson<number[]>(t.reminders).filter((h) => !done.has(h) && now >= deadline - h * 3600_000);
    if (!due.length) continue;
    await app.db.transaction().execute(async (trx) => {
      const rows = await repo.unsubmitted(trx, t.id);
      const users = [...new Set(rows.map((r) => r.userId))];
      if (users.length)
        await sendMessage(trx, {
          userIds: users,
          kind: 'urge',
          title: `数据采集「${t.title}」将于 ${beijing(deadline)} 截止，请尽快填报`,
          link: '/web/dataAcquisition/dataFilling',
          at: now,
        });
      await repo.markReminded(
        trx,
        rows.map((r) => r.id),
        now,
      );
      await repo.updateTask(trx, t.id, { remindersSent: JSON.stringify([...done, ...due]) });
      sent += users.length;
    });
  }
  return sent;
}

export function defineAcquisitionJobs(app: FastifyInstance): void {
  app.jobs.define({
    name: 'data-acquisition.remind',
    title: '数据采集截止提醒',
    payload: Type.Object({}),
    cron: '*/10 * * * *',
    retry: { limit: 2, backoffMs: 60_000 },
    async run(ctx) {
      const n = await sendDueReminders(ctx.app);
      return { read: n, written: n };
    },
  });
  // Approvals finished on the workflow's own pages: write their records without waiting for a visit.
  app.jobs.define({
    name: 'data-acquisition.settle',
    title: '数据采集审批结果入库',
    payload: Type.Object({}),
    cron: '*/5 * * * *',
    retry: { limit: 2, backoffMs: 60_000 },
    async run(ctx) {
      const n = await settle(ctx.app, { limit: 2000 });
      return { read: n, written: n };
    },
  });
}
