import type { Db } from '@/server/db/dialect';
import type { JobTrigger } from './types';

/** SQL of the SQLite engine's queue and schedules (job_queue, job_schedule). */

export interface QueuedRun {
  id: number;
  name: string;
  payload: string;
  trigger: JobTrigger;
  attempt: number;
}

export async function insertQueued(
  db: Db,
  r: { name: string; payload: unknown; trigger: JobTrigger; attempt: number; runAt: number; now: number },
): Promise<void> {
  await db
    .insertInto('jobQueue')
    .values({
      name: r.name,
      payload: JSON.stringify(r.payload),
      trigger: r.trigger,
      attempt: r.attempt,
      runAt: r.runAt,
      lockedUntil: null,
      createdAt: r.now,
    })
    .execute();
}

/**
 * Take the next due run of these jobs, held for the job's time limit (`holdMs`); a row whose hold
 * ran out was left by a process that died mid-run and is taken again. The conditional update
 * makes the take atomic.
 */
export async function claimNext(db: Db, holdMs: Map<string, number>, now: number): Promise<QueuedRun | null> {
  const names = [...holdMs.keys()];
  if (names.length === 0) return null;
  const free = (q: ReturnType<typeof base>) =>
    q.where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', now)]));
  const base = () => db.selectFrom('jobQueue').where('runAt', '<=', now).where('name', 'in', names);
  for (;;) {
    const row = await free(base())
      .select(['id', 'name', 'payload', 'trigger', 'attempt'])
      .orderBy('runAt')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!row) return null;
    const taken = await db
      .updateTable('jobQueue')
      .set({ lockedUntil: now + holdMs.get(row.name)! })
      .where('id', '=', row.id)
      .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', now)]))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) return row as QueuedRun;
  }
}

export const deleteQueued = (db: Db, id: number) => db.deleteFrom('jobQueue').where('id', '=', id).execute();

export const retryQueued = (db: Db, id: number, attempt: number, runAt: number) =>
  db
    .updateTable('jobQueue')
    .set({ attempt, runAt, trigger: 'retry', lockedUntil: null })
    .where('id', '=', id)
    .execute();

/** A new process holds nothing: holds left by the previous one are released. */
export const releaseAll = (db: Db) =>
  db.updateTable('jobQueue').set({ lockedUntil: null }).where('lockedUntil', 'is not', null).execute();

export const readSchedules = (db: Db) => db.selectFrom('jobSchedule').select(['name', 'cron', 'nextAt']).execute();

export async function putSchedule(db: Db, name: string, cron: string, nextAt: number): Promise<void> {
  await db
    .insertInto('jobSchedule')
    .values({ name, cron, nextAt })
    .onConflict((oc) => oc.column('name').doUpdateSet({ cron, nextAt }))
    .execute();
}

export const deleteSchedule = (db: Db, name: string) => db.deleteFrom('jobSchedule').where('name', '=', name).execute();

/**
 * Move a due schedule on to its next slot and queue the run of the slot that came due, in one
 * transaction; the update names the slot it moves from, so a slot is queued once.
 */
export async function advanceSchedule(
  db: Db,
  s: { name: string; from: number; to: number; payload: unknown; queue: boolean; now: number },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('jobSchedule')
      .set({ nextAt: s.to })
      .where('name', '=', s.name)
      .where('nextAt', '=', s.from)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1 || !s.queue) return false;
    await trx
      .insertInto('jobQueue')
      .values({
        name: s.name,
        payload: JSON.stringify(s.payload),
        trigger: 'schedule',
        attempt: 1,
        runAt: s.from,
        lockedUntil: null,
        createdAt: s.now,
      })
      .execute();
    return true;
  });
}
