import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { sendDueReminders } from './service';

export const REMINDER_JOB = 'calendar.reminders';

/** Every minute: events whose reminder minute has come are announced in the message centre. */
export function defineCalendarJobs(app: FastifyInstance): void {
  app.jobs.define({
    name: REMINDER_JOB,
    title: '日程提醒',
    payload: Type.Object({}),
    cron: '* * * * *',
    retry: { limit: 2, backoffMs: 30_000 },
    async run(ctx) {
      const n = await sendDueReminders(ctx.app.db);
      return { read: n, written: n };
    },
  });
}
