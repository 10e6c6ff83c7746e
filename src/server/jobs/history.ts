import type { Db } from '@/server/db/dialect';
import { paginate } from '@/server/db/paginate';
import type { Page } from '@/shared/envelope';
import type { JobRunStatus, JobTrigger } from './types';

/** One job_run row as the back office reads it. */
export interface JobRun {
  id: number;
  name: string;
  trigger: JobTrigger;
  attempt: number;
  startedAt: number;
  finishedAt: number | null;
  status: JobRunStatus;
  rowsRead: number;
  rowsWritten: number;
  error: string | null;
}

const COLUMNS = [
  'id',
  'name',
  'trigger',
  'attempt',
  'startedAt',
  'finishedAt',
  'status',
  'rowsRead',
  'rowsWritten',
  'error',
] as const;

export async function startRun(
  db: Db,
  r: { name: string; trigger: JobTrigger; attempt: number; startedAt: number },
): Promise<number> {
  const { id } = await db
    .insertInto('jobRun')
    .values({ ...r, status: 'running' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function finishRun(
  db: Db,
  id: number,
  r: { status: 'ok' | 'fail'; finishedAt: number; read: number; written: number; error: string | null },
): Promise<void> {
  await db
    .updateTable('jobRun')
    .set({ status: r.status, finishedAt: r.finishedAt, rowsRead: r.read, rowsWritten: r.written, error: r.error })
    .where('id', '=', id)
    .execute();
}

/** Newest first on the (started_at, id), (name, started_at) and (status, started_at) indexes; cut in SQL. */
export function listRuns(
  db: Db,
  f: { name?: string; status?: JobRunStatus; page: number; pageSize: number },
): Promise<Page<JobRun>> {
  let base = db.selectFrom('jobRun');
  if (f.name) base = base.where('name', '=', f.name);
  if (f.status) base = base.where('status', '=', f.status);
  return paginate(base, (q) => q.select(COLUMNS).orderBy('startedAt', 'desc').orderBy('id', 'desc'), f) as Promise<
    Page<JobRun>
  >;
}

/** The latest run of each job that has one. */
export async function latestRuns(db: Db): Promise<Map<string, JobRun>> {
  const rows = (await db
    .selectFrom('jobRun')
    .select(COLUMNS)
    .where(
      'id',
      'in',
      db
        .selectFrom('jobRun')
        .select((eb) => eb.fn.max('id').as('id'))
        .groupBy('name'),
    )
    .execute()) as JobRun[];
  return new Map(rows.map((r) => [r.name, r]));
}

/** History older than `before` goes (finished or not); answers how many rows. */
export async function pruneRuns(db: Db, before: number): Promise<number> {
  const res = await db.deleteFrom('jobRun').where('startedAt', '<', before).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Runs still 'running' that started before `before` were cut off (a crash, a kill): they are marked failed. */
export async function failStaleRuns(db: Db, before: number, now: number, error: string): Promise<number> {
  const res = await db
    .updateTable('jobRun')
    .set({ status: 'fail', finishedAt: now, error })
    .where('status', '=', 'running')
    .where('startedAt', '<', before)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}
