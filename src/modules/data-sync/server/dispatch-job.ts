import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from '@/server/jobs/types';
import { nextSlot } from '@/server/jobs/cron';
import { DISPATCH_JOB } from './job-names';
import * as repo from './repository';
import { queueRun } from './service';

/**
 * Queues the runs of every enabled sync whose own cron slot is due, and moves its next slot on.
 * The runner's schedules are one per job name; a sync's schedule is a row, so one minute tick
 * serves them all. The slot moves with a compare-and-set, so two app servers never queue one
 * slot twice (and pg-boss already sends the tick to one of them).
 */
export async function dispatchDueSyncs(app: FastifyInstance, now = Date.now()): Promise<number> {
  let queued = 0;
  for (const s of await repo.dueSyncs(app.db, now)) {
    if (!(await repo.advanceSchedule(app.db, s.id, s.nextRunAt, nextSlot(s.cron, now)))) continue;
    const r = await queueRun(app, s.id, 'schedule', null);
    // A run still going when its next slot comes: that slot is skipped, not stacked.
    if (!r.already) queued += 1;
  }
  return queued;
}

export const dispatchJob: JobDefinition = {
  name: DISPATCH_JOB,
  title: '数据同步定时调度',
  payload: Type.Object({}),
  cron: '* * * * *',
  async run(ctx) {
    const queued = await dispatchDueSyncs(ctx.app);
    return { written: queued };
  },
};
