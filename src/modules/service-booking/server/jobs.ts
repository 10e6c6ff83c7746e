import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { sendMessage } from '@/modules/messages/server/commands/send-message';
import { REMIND_BEFORE_MS } from '../contract';
import * as repo from './repository';
import { generateAllSlots } from './booking';
import { settlePermits } from './permits';
import { beijingLabel } from './time';

/**
 * Reminders: each live booking whose slot starts within REMIND_BEFORE_MS gets one message; the
 * booking is marked in the same transaction, so a retry never reminds twice.
 */
export async function sendBookingReminders(app: FastifyInstance, now = Date.now()): Promise<number> {
  let sent = 0;
  for (;;) {
    const due = await repo.bookingsToRemind(app.db, now, now + REMIND_BEFORE_MS, 500);
    if (!due.length) return sent;
    await app.db.transaction().execute(async (trx) => {
      for (const b of due)
        await sendMessage(trx, {
          userIds: [b.userId],
          kind: 'notice',
          title: `预约提醒：${beijingLabel(b.slotStart)} 请到${b.location}（${b.name}）办理`,
          link: `/web/eventService/orderline?id=${b.itemId}`,
          at: now,
        });
      await repo.markReminded(
        trx,
        due.map((b) => b.id),
        now,
      );
    });
    sent += due.length;
    if (due.length < 500) return sent;
  }
}

export function defineBookingJobs(app: FastifyInstance): void {
  app.jobs.define({
    name: 'service-booking.slots',
    title: '预约时段生成',
    payload: Type.Object({}),
    cron: '5 0 * * *',
    retry: { limit: 2, backoffMs: 60_000 },
    async run(ctx) {
      const n = await generateAllSlots(ctx.app);
      return { read: n, written: n };
    },
  });
  app.jobs.define({
    name: 'service-booking.remind',
    title: '预约到场提醒',
    payload: Type.Object({}),
    cron: '*/10 * * * *',
    retry: { limit: 2, backoffMs: 60_000 },
    async run(ctx) {
      const n = await sendBookingReminders(ctx.app);
      return { read: n, written: n };
    },
  });
  app.jobs.define({
    name: 'service-booking.no-show',
    title: '预约失约记录',
    payload: Type.Object({}),
    cron: '*/10 * * * *',
    retry: { limit: 2, backoffMs: 60_000 },
    async run(ctx) {
      const n = await repo.markNoShows(ctx.app.db, Date.now(), Date.now());
      return { read: n, written: n };
    },
  });
  app.jobs.define({
    name: 'service-booking.permits',
    title: '电子证照签发',
    payload: Type.Object({}),
    cron: '* * * * *',
    retry: { limit: 2, backoffMs: 30_000 },
    async run(ctx) {
      const n = await settlePermits(ctx.app);
      return { read: n, written: n };
    },
  });
}
