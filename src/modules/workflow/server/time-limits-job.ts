import { Type } from 'typebox';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@/server/db/dialect';
import type { JobDefinition } from '@/server/jobs/types';
import { fireTimer, runTaskAlarm } from './engine';
import * as repo from './repository';

/** Rows one run looks at of each kind; the next minute's run takes the rest. */
const BATCH = 200;

export interface TimeLimitRun {
  reminded: number;
  acted: number;
  timers: number;
  failed: number;
}

/**
 * One pass of the time limits (issue 24 item 1): the limited tasks whose next step is due get their
 * reminder or timeout action, the due timer nodes fire. Each row in its own transaction under the
 * instance's lock, claimed with a conditional update — two app servers (or a retry) running at once
 * act once. A row that fails (its process step throws) is logged and left for the next pass;
 * the others go on. `now` is the clock: tests pass it instead of waiting.
 */
export async function runTimeLimits(db: Db, now: number, log?: FastifyBaseLogger): Promise<TimeLimitRun> {
  const out: TimeLimitRun = { reminded: 0, acted: 0, timers: 0, failed: 0 };
  for (const id of await repo.dueAlarms(db, now, BATCH)) {
    try {
      const r = await db.transaction().execute((trx) => runTaskAlarm(trx, id, now));
      if (r === 'reminded') out.reminded += 1;
      if (r === 'acted') out.acted += 1;
    } catch (err) {
      out.failed += 1;
      log?.warn({ taskId: id, err: (err as Error).message }, 'workflow time limit step failed');
    }
  }
  for (const t of await repo.dueTimers(db, now, BATCH)) {
    try {
      if (await db.transaction().execute((trx) => fireTimer(trx, t.id, now))) out.timers += 1;
    } catch (err) {
      out.failed += 1;
      log?.warn({ timerId: t.id, err: (err as Error).message }, 'workflow timer failed');
    }
  }
  return out;
}

const Payload = Type.Object({});

export const timeLimitsJob: JobDefinition<typeof Payload> = {
  name: 'workflow.time-limits',
  title: '审批时限与等待节点',
  payload: Payload,
  cron: '* * * * *',
  retry: { limit: 1, backoffMs: 30_000 },
  timeoutMs: 5 * 60_000,
  async run({ app, log }) {
    const r = await runTimeLimits(app.db, Date.now(), log);
    if (r.failed) log.warn(r, 'some workflow time limits failed; the next run tries them again');
    return { written: r.reminded + r.acted + r.timers };
  },
};
