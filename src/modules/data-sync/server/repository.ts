import type { Selectable } from 'kysely';
import type { Db } from '@/server/db/dialect';
import type { Page } from '@/shared/envelope';
import {
  ACTIVE_RUN_STATUSES,
  type SyncListQuery,
  type SyncMapping,
  type SyncMode,
  type SyncRunListQuery,
  type SyncRunRow,
  type SyncRunStatus,
  type SyncTrigger,
} from '../contract';
import type { DataSyncRunTable, DataSyncTable } from './tables';
import './tables';

/** A sync as the server works with it (JSON columns parsed). */
export interface SyncRecord {
  id: number;
  name: string;
  datasetId: number;
  tableId: number;
  mapping: SyncMapping[];
  mode: SyncMode;
  key: string[];
  sinceField: string | null;
  sinceValue: unknown;
  deleteMissing: boolean;
  cron: string | null;
  nextRunAt: number | null;
  enabled: boolean;
  ownerId: number | null;
  consecutiveFailures: number;
  alerted: boolean;
  lastRunId: number | null;
  createdBy: number | null;
}

/** Resume point of a run: the last key value committed, and the highest since value seen so far. */
export interface Checkpoint {
  after?: unknown;
  sinceMax?: unknown;
}

export interface RunRecord extends SyncRunRow {
  checkpoint: Checkpoint | null;
  sinceFrom: unknown;
  actorId: number | null;
}

const parse = (v: string | null): unknown => (v === null ? null : JSON.parse(v));

type SyncRow = Selectable<DataSyncTable>;
type RunRow = Selectable<DataSyncRunTable>;

function toSync(r: SyncRow): SyncRecord {
  return {
    id: r.id,
    name: r.name,
    datasetId: r.datasetId,
    tableId: r.tableId,
    mapping: JSON.parse(r.mapping) as SyncMapping[],
    mode: r.mode as SyncMode,
    key: JSON.parse(r.keyFields) as string[],
    sinceField: r.sinceField,
    sinceValue: parse(r.sinceValue),
    deleteMissing: r.deleteMissing === 1,
    cron: r.cron,
    nextRunAt: r.nextRunAt,
    enabled: r.enabled === 1,
    ownerId: r.ownerId,
    consecutiveFailures: r.consecutiveFailures,
    alerted: r.alerted === 1,
    lastRunId: r.lastRunId,
    createdBy: r.createdBy,
  };
}

export function toRunRow(r: RunRow): SyncRunRow {
  return {
    id: r.id,
    syncId: r.syncId,
    trigger: r.trigger as SyncTrigger,
    status: r.status as SyncRunStatus,
    queuedAt: r.queuedAt,
    startedAt: r.startedAt,
    finishedAt: r.finishedAt,
    rowsRead: Number(r.rowsRead),
    rowsInserted: Number(r.rowsInserted),
    rowsUpdated: Number(r.rowsUpdated),
    rowsUnchanged: Number(r.rowsUnchanged),
    rowsDeleted: Number(r.rowsDeleted),
    totalRows: r.totalRows === null ? null : Number(r.totalRows),
    errorCode: r.errorCode,
    errorMessage: r.errorMessage,
    attempt: r.attempt,
  };
}

function toRun(r: RunRow): RunRecord {
  return {
    ...toRunRow(r),
    checkpoint: parse(r.checkpoint) as Checkpoint | null,
    sinceFrom: parse(r.sinceFrom),
    actorId: r.actorId,
  };
}

export interface SyncWrite {
  name: string;
  datasetId: number;
  tableId: number;
  mapping: SyncMapping[];
  mode: SyncMode;
  key: string[];
  sinceField: string | null;
  deleteMissing: boolean;
  cron: string | null;
  nextRunAt: number | null;
  enabled: boolean;
  ownerId: number | null;
}

const writeColumns = (w: SyncWrite) => ({
  name: w.name,
  datasetId: w.datasetId,
  tableId: w.tableId,
  mapping: JSON.stringify(w.mapping),
  mode: w.mode,
  keyFields: JSON.stringify(w.key),
  sinceField: w.sinceField,
  deleteMissing: w.deleteMissing ? 1 : 0,
  cron: w.cron,
  nextRunAt: w.nextRunAt,
  enabled: w.enabled ? 1 : 0,
  ownerId: w.ownerId,
});

export async function insertSync(q: Db, w: SyncWrite, actorId: number | null, now: number): Promise<number> {
  const row = await q
    .insertInto('dataSync')
    .values({
      ...writeColumns(w),
      sinceValue: null,
      consecutiveFailures: 0,
      alerted: 0,
      lastRunId: null,
      lastStatus: null,
      lastRunAt: null,
      createdAt: now,
      updatedAt: now,
      createdBy: actorId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Saves new settings; a changed dataset, table, mode or since field starts incremental reading again from the beginning. */
export async function updateSync(q: Db, id: number, w: SyncWrite, resetSince: boolean, now: number): Promise<void> {
  await q
    .updateTable('dataSync')
    .set({ ...writeColumns(w), updatedAt: now, ...(resetSince ? { sinceValue: null } : {}) })
    .where('id', '=', id)
    .execute();
}

export async function findSync(q: Db, id: number): Promise<SyncRecord | undefined> {
  const r = await q.selectFrom('dataSync').selectAll().where('id', '=', id).executeTakeFirst();
  return r && toSync(r);
}

export async function syncNameTaken(q: Db, name: string, exceptId: number | null): Promise<boolean> {
  let query = q.selectFrom('dataSync').select('id').where('name', '=', name);
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function deleteSync(q: Db, id: number): Promise<void> {
  await q.deleteFrom('dataSyncRun').where('syncId', '=', id).execute();
  await q.deleteFrom('dataSync').where('id', '=', id).execute();
}

export async function setEnabled(q: Db, id: number, enabled: boolean, nextRunAt: number | null, now: number) {
  await q
    .updateTable('dataSync')
    .set({ enabled: enabled ? 1 : 0, nextRunAt, updatedAt: now })
    .where('id', '=', id)
    .execute();
}

/** The syncs page: newest first, with each one's last run (one join, paged in SQL). */
export async function listSyncs(q: Db, f: SyncListQuery) {
  let base = q.selectFrom('dataSync as s');
  const kw = f.keyword?.trim();
  if (kw) base = base.where('s.name', 'like', `%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const [rows, total] = await Promise.all([
    base
      .leftJoin('dataSyncRun as r', 'r.id', 's.lastRunId')
      .leftJoin('appUser as u', 'u.id', 's.ownerId')
      .selectAll('s')
      .select([
        'u.realName as ownerName',
        'r.id as runId',
        'r.trigger as runTrigger',
        'r.status as runStatus',
        'r.queuedAt as runQueuedAt',
        'r.startedAt as runStartedAt',
        'r.finishedAt as runFinishedAt',
        'r.rowsRead as runRowsRead',
        'r.rowsInserted as runRowsInserted',
        'r.rowsUpdated as runRowsUpdated',
        'r.rowsUnchanged as runRowsUnchanged',
        'r.rowsDeleted as runRowsDeleted',
        'r.totalRows as runTotalRows',
        'r.errorCode as runErrorCode',
        'r.errorMessage as runErrorMessage',
        'r.attempt as runAttempt',
      ])
      .orderBy('s.id', 'desc')
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(total.n),
    rows: rows.map((r) => ({
      sync: toSync(r),
      ownerName: r.ownerName ?? null,
      lastRun:
        r.runId === null
          ? null
          : toRunRow({
              id: r.runId,
              syncId: r.id,
              trigger: r.runTrigger!,
              status: r.runStatus!,
              queuedAt: r.runQueuedAt!,
              startedAt: r.runStartedAt,
              finishedAt: r.runFinishedAt,
              rowsRead: r.runRowsRead!,
              rowsInserted: r.runRowsInserted!,
              rowsUpdated: r.runRowsUpdated!,
              rowsUnchanged: r.runRowsUnchanged!,
              rowsDeleted: r.runRowsDeleted!,
              totalRows: r.runTotalRows,
              checkpoint: null,
              sinceFrom: null,
              errorCode: r.runErrorCode,
              errorMessage: r.runErrorMessage,
              attempt: r.runAttempt!,
              actorId: null,
            }),
    })),
  };
}

export async function ownerName(q: Db, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const r = await q.selectFrom('appUser').select('realName').where('id', '=', userId).executeTakeFirst();
  return r?.realName ?? null;
}

export async function userExists(q: Db, userId: number): Promise<boolean> {
  return (await q.selectFrom('appUser').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
}

/* ---------- runs ---------- */

export async function activeRun(q: Db, syncId: number): Promise<RunRecord | undefined> {
  const r = await q
    .selectFrom('dataSyncRun')
    .selectAll()
    .where('syncId', '=', syncId)
    .where('status', 'in', [...ACTIVE_RUN_STATUSES])
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return r && toRun(r);
}

export async function insertRun(
  q: Db,
  syncId: number,
  trigger: SyncTrigger,
  actorId: number | null,
  now: number,
): Promise<number> {
  const row = await q
    .insertInto('dataSyncRun')
    .values({
      syncId,
      trigger,
      status: 'queued',
      queuedAt: now,
      startedAt: null,
      finishedAt: null,
      rowsRead: 0,
      rowsInserted: 0,
      rowsUpdated: 0,
      rowsUnchanged: 0,
      rowsDeleted: 0,
      totalRows: null,
      checkpoint: null,
      sinceFrom: null,
      errorCode: null,
      errorMessage: null,
      attempt: 0,
      actorId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await q
    .updateTable('dataSync')
    .set({ lastRunId: row.id, lastStatus: 'queued', lastRunAt: now })
    .where('id', '=', syncId)
    .execute();
  return row.id;
}

export async function findRun(q: Db, id: number): Promise<RunRecord | undefined> {
  const r = await q.selectFrom('dataSyncRun').selectAll().where('id', '=', id).executeTakeFirst();
  return r && toRun(r);
}

export async function listRuns(q: Db, f: SyncRunListQuery): Promise<Page<SyncRunRow>> {
  const base = q.selectFrom('dataSyncRun').where('syncId', '=', f.syncId);
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(toRunRow), total: Number(total.n), page: f.page, pageSize: f.pageSize };
}

/** A run starts (or resumes after a crash or a retry): its attempt, and the since mark it reads after, fixed at its first start. */
export async function markRunning(q: Db, run: RunRecord, attempt: number, sinceFrom: unknown, now: number) {
  await q
    .updateTable('dataSyncRun')
    .set({
      status: 'running',
      attempt,
      startedAt: run.startedAt ?? now,
      sinceFrom: run.startedAt === null ? JSON.stringify(sinceFrom ?? null) : undefined,
      errorCode: null,
      errorMessage: null,
    })
    .where('id', '=', run.id)
    .execute();
  await q.updateTable('dataSync').set({ lastStatus: 'running' }).where('id', '=', run.syncId).execute();
}

export async function setRunTotal(q: Db, runId: number, total: number | null) {
  await q.updateTable('dataSyncRun').set({ totalRows: total }).where('id', '=', runId).execute();
}

/** One committed batch: counts added and the resume point moved, in the batch's transaction. */
export async function recordBatch(
  q: Db,
  runId: number,
  d: { read: number; inserted: number; updated: number; unchanged: number },
  checkpoint: Checkpoint,
) {
  await q
    .updateTable('dataSyncRun')
    .set((eb) => ({
      rowsRead: eb('rowsRead', '+', d.read),
      rowsInserted: eb('rowsInserted', '+', d.inserted),
      rowsUpdated: eb('rowsUpdated', '+', d.updated),
      rowsUnchanged: eb('rowsUnchanged', '+', d.unchanged),
      checkpoint: JSON.stringify(checkpoint),
    }))
    .where('id', '=', runId)
    .execute();
}

/** The run ends well: deleted rows, the sync's failure count cleared and, incremental, its high-water mark moved. */
export async function finishSucceeded(
  q: Db,
  run: { id: number; syncId: number },
  deleted: number,
  sinceValue: { set: true; value: unknown } | { set: false },
  now: number,
) {
  await q
    .updateTable('dataSyncRun')
    .set({ status: 'succeeded', finishedAt: now, rowsDeleted: deleted, errorCode: null, errorMessage: null })
    .where('id', '=', run.id)
    .execute();
  await q
    .updateTable('dataSync')
    .set({
      lastStatus: 'succeeded',
      consecutiveFailures: 0,
      alerted: 0,
      ...(sinceValue.set ? { sinceValue: JSON.stringify(sinceValue.value ?? null) } : {}),
    })
    .where('id', '=', run.syncId)
    .execute();
}

/** A try failed and another will follow: the run waits (queued) with the error it met. */
export async function markRetrying(q: Db, run: { id: number; syncId: number }, code: string, message: string) {
  await q
    .updateTable('dataSyncRun')
    .set({ status: 'queued', errorCode: code, errorMessage: message })
    .where('id', '=', run.id)
    .execute();
  await q.updateTable('dataSync').set({ lastStatus: 'queued' }).where('id', '=', run.syncId).execute();
}

/** The run failed for good; answers the sync's failures in a row and whether its owner was already alerted. */
export async function finishFailed(
  q: Db,
  run: { id: number; syncId: number },
  code: string,
  message: string,
  now: number,
): Promise<{ failures: number; alerted: boolean }> {
  await q
    .updateTable('dataSyncRun')
    .set({ status: 'failed', finishedAt: now, errorCode: code, errorMessage: message })
    .where('id', '=', run.id)
    .execute();
  await q
    .updateTable('dataSync')
    .set((eb) => ({ lastStatus: 'failed', consecutiveFailures: eb('consecutiveFailures', '+', 1) }))
    .where('id', '=', run.syncId)
    .execute();
  const s = await q
    .selectFrom('dataSync')
    .select(['consecutiveFailures', 'alerted'])
    .where('id', '=', run.syncId)
    .executeTakeFirstOrThrow();
  return { failures: s.consecutiveFailures, alerted: s.alerted === 1 };
}

/** Only one app server sends the alert of a burst: the flag flips 0 → 1 once. */
export async function claimAlert(q: Db, syncId: number): Promise<boolean> {
  const r = await q
    .updateTable('dataSync')
    .set({ alerted: 1 })
    .where('id', '=', syncId)
    .where('alerted', '=', 0)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Cancels an active run; the engine sees it after its current batch. */
export async function cancelRun(q: Db, run: { id: number; syncId: number }, now: number) {
  await q
    .updateTable('dataSyncRun')
    .set({ status: 'cancelled', finishedAt: now, errorCode: null, errorMessage: '已被管理员取消' })
    .where('id', '=', run.id)
    .where('status', 'in', [...ACTIVE_RUN_STATUSES])
    .execute();
  await q
    .updateTable('dataSync')
    .set({ lastStatus: 'cancelled' })
    .where('id', '=', run.syncId)
    .where('lastRunId', '=', run.id)
    .execute();
}

/** The run's status now (a cancel from the back office shows here between batches). */
export async function runStatus(q: Db, id: number): Promise<string | undefined> {
  const r = await q.selectFrom('dataSyncRun').select('status').where('id', '=', id).executeTakeFirst();
  return r?.status;
}

/** Rows the last successful run of this sync read: the expected total of a full run (progress bar). */
export async function lastSucceededRead(q: Db, syncId: number): Promise<number | null> {
  const r = await q
    .selectFrom('dataSyncRun')
    .select('rowsRead')
    .where('syncId', '=', syncId)
    .where('status', '=', 'succeeded')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return r ? Number(r.rowsRead) : null;
}

/* ---------- schedules ---------- */

/** Enabled syncs whose next scheduled run is due. */
export async function dueSyncs(q: Db, now: number): Promise<{ id: number; cron: string; nextRunAt: number }[]> {
  const rows = await q
    .selectFrom('dataSync')
    .select(['id', 'cron', 'nextRunAt'])
    .where('enabled', '=', 1)
    .where('nextRunAt', '<=', now)
    .orderBy('nextRunAt')
    .limit(500)
    .execute();
  return rows.filter((r) => r.cron !== null && r.nextRunAt !== null) as {
    id: number;
    cron: string;
    nextRunAt: number;
  }[];
}

/** Moves a due slot on; false when another app server already did (it queues that run, not us). */
export async function advanceSchedule(q: Db, id: number, seen: number, next: number | null): Promise<boolean> {
  const r = await q
    .updateTable('dataSync')
    .set({ nextRunAt: next })
    .where('id', '=', id)
    .where('nextRunAt', '=', seen)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Names of the syncs that read a dataset (asked before the dataset is deleted). */
export async function syncsOfDataset(q: Db, datasetId: number): Promise<string[]> {
  const rows = await q.selectFrom('dataSync').select('name').where('datasetId', '=', datasetId).limit(5).execute();
  return rows.map((r) => r.name);
}

/** Administrators: whom an alert goes to when a sync has no owner. */
export async function adminIds(q: Db): Promise<number[]> {
  const rows = await q.selectFrom('appUser').select('id').where('isAdmin', '=', 1).limit(20).execute();
  return rows.map((r) => r.id);
}
