import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Codes } from '@/shared/errors';
import { sendMessage } from '@/modules/messages/server/commands/send-message';
import { getDataset, readDataset } from '@/modules/data-sources/server/commands/datasets';
import type { DataFieldType } from '@/modules/data-sources/contract';
import { getDataTable } from '@/modules/data-tables/server/commands/get-data-table';
import { writeRows } from '@/modules/data-tables/server/commands/write-rows';
import { deleteRowsNotInRun } from '@/modules/data-tables/server/commands/delete-rows-not-in-run';
import * as repo from './repository';
import { ALERT_AFTER_FAILURES, BATCH_SIZE } from './job-names';
import { keySources, mappingProblem } from './service';

/** A failure with its catalogue code and a message safe to show; `permanent` ones are not worth a retry. */
export class SyncError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

export interface RunOptions {
  attempt: number;
  /** No retry follows this try: a failure is final. */
  lastAttempt: boolean;
  log: FastifyBaseLogger;
  batchSize?: number;
  /** Tests: called after each committed batch (a throw here is a crash between batches). */
  afterBatch?: (batch: number) => void | Promise<void>;
}

export interface RunResult {
  read: number;
  written: number;
}

const ACTIVE = new Set(['queued', 'running']);

/**
 * One try of a sync run: reads the dataset in batches ordered by the key, maps each row, writes
 * each batch with the run's checkpoint in one transaction (a crash resumes after the last
 * committed batch; rows are upserted by key, so nothing is written twice), then, full mode,
 * deletes what the source no longer has. Throws when the try fails (the runner retries).
 */
export async function executeSyncRun(app: FastifyInstance, runId: number, o: RunOptions): Promise<RunResult> {
  const run = await repo.findRun(app.db, runId);
  // Cancelled, finished, or a retry of a run that already failed for good: nothing to do.
  if (!run || !ACTIVE.has(run.status)) return { read: 0, written: 0 };
  const sync = await repo.findSync(app.db, run.syncId);
  if (!sync) return { read: 0, written: 0 };
  try {
    const counts = await copy(app, sync, run, o);
    return counts;
  } catch (err) {
    const e = classify(err, o.log);
    if (e.permanent || o.lastAttempt) {
      const { failures } = await app.db
        .transaction()
        .execute((trx) => repo.finishFailed(trx, run, e.code, e.message, Date.now()));
      if (failures >= ALERT_AFTER_FAILURES) await alertOwner(app, sync, failures, e);
    } else {
      await repo.markRetrying(app.db, run, e.code, e.message);
    }
    throw e;
  }
}

async function copy(app: FastifyInstance, sync: repo.SyncRecord, run: repo.RunRecord, o: RunOptions) {
  const [dataset, table] = await Promise.all([
    getDataset(app, sync.datasetId),
    getDataTable(app, app.db, sync.tableId),
  ]);
  if (!dataset) throw new SyncError(Codes.syncMisconfigured, '同步的数据集已被删除', true);
  if (!table) throw new SyncError(Codes.syncMisconfigured, '同步的目标数据表已被删除', true);
  const problem = mappingProblem(sync, dataset, table);
  if (problem) throw new SyncError(Codes.syncMisconfigured, problem.message, true);

  const now = Date.now();
  const sinceFrom = run.startedAt === null ? (sync.mode === 'incremental' ? sync.sinceValue : null) : run.sinceFrom;
  await repo.markRunning(app.db, run, o.attempt, sinceFrom, now);
  if (run.startedAt === null && sync.mode === 'full')
    await repo.setRunTotal(app.db, run.id, await repo.lastSucceededRead(app.db, sync.id));

  const targetType = new Map(table.fields.map((f) => [f.name, f.type]));
  const keyFrom = keySources(sync);
  // A single key is unique, so "strictly after the last committed key" resumes exactly; a
  // composite one is read again from the start (upserts keep that free of duplicates).
  const resumable = keyFrom.length === 1;
  const checkpoint: repo.Checkpoint = { ...(run.checkpoint ?? {}) };
  const readSoFar = { n: run.rowsRead };
  let written = 0;
  let batchNo = 0;
  let previousKey: string | undefined;

  const batches = readDataset(app, sync.datasetId, {
    batchSize: o.batchSize ?? BATCH_SIZE,
    orderBy: keyFrom[0],
    ...(resumable && checkpoint.after !== undefined ? { after: checkpoint.after } : {}),
    ...(sync.mode === 'incremental' && sync.sinceField && sinceFrom !== null && sinceFrom !== undefined
      ? { since: { field: sync.sinceField, value: sinceFrom } }
      : {}),
  });

  for await (const source of batches) {
    if (source.length === 0) continue;
    const seen = new Set<string>();
    const rows = source.map((r, i) => {
      const keyValues = keyFrom.map((f) => r[f]);
      if (keyValues.some((v) => v === null || v === undefined || v === ''))
        throw new SyncError(
          Codes.syncRowRejected,
          `第 ${readSoFar.n + i + 1} 行的同步键（${keyFrom.join('、')}）为空，整批未写入`,
          true,
        );
      const k = JSON.stringify(keyValues);
      if (seen.has(k) || (i === 0 && k === previousKey))
        throw new SyncError(
          Codes.syncRowRejected,
          `第 ${readSoFar.n + i + 1} 行与前面的行同步键相同（${keyText(keyFrom, keyValues)}）：映射违反唯一键，整批未写入`,
          true,
        );
      seen.add(k);
      const out: Record<string, unknown> = {};
      for (const m of sync.mapping) out[m.to] = convert(r[m.from], targetType.get(m.to)!);
      return out;
    });
    const last = source[source.length - 1]!;
    previousKey = JSON.stringify(keyFrom.map((f) => last[f]));
    if (sync.mode === 'incremental' && sync.sinceField)
      for (const r of source) checkpoint.sinceMax = later(checkpoint.sinceMax, r[sync.sinceField]);
    if (resumable) checkpoint.after = last[keyFrom[0]!];

    const result = await app.db.transaction().execute(async (trx) => {
      const r = await writeRows(app, trx, sync.tableId, rows, {
        key: sync.key,
        actorId: null,
        source: 'sync',
        syncRun: run.id,
        log: false,
      }).catch((err: unknown) => {
        throw rowError(err, readSoFar.n, source, keyFrom);
      });
      await repo.recordBatch(trx, run.id, { read: source.length, ...r }, checkpoint);
      return r;
    });
    readSoFar.n += source.length;
    written += result.inserted + result.updated;
    batchNo += 1;
    // A line in the server log every 50 batches: a long first-start sync shows it is moving.
    if (batchNo % 50 === 0) o.log.info({ sync: sync.name, read: readSoFar.n }, 'data sync progress');
    await o.afterBatch?.(batchNo);
    if ((await repo.runStatus(app.db, run.id)) === 'cancelled') return { read: readSoFar.n, written };
  }

  const deleted = await app.db.transaction().execute(async (trx) => {
    const n = sync.mode === 'full' && sync.deleteMissing ? await deleteRowsNotInRun(app, trx, sync.tableId, run.id) : 0;
    await repo.finishSucceeded(
      trx,
      run,
      n,
      sync.mode === 'incremental' && checkpoint.sinceMax !== undefined
        ? { set: true, value: checkpoint.sinceMax }
        : { set: false },
      Date.now(),
    );
    return n;
  });
  // The run's start (its first try's, when retried or resumed) and how long it took, beside the counts.
  const startedAt = run.startedAt ?? now;
  const finishedAt = Date.now();
  o.log.info(
    {
      sync: sync.name,
      run: run.id,
      startedAt: new Date(startedAt).toISOString(),
      read: readSoFar.n,
      written,
      deleted,
      durationMs: finishedAt - startedAt,
    },
    `data sync finished in ${((finishedAt - startedAt) / 1000).toFixed(1)} s`,
  );
  return { read: readSoFar.n, written: written + deleted };
}

/** A value as the target field stores it: anything but free text becomes text in a text column. */
function convert(v: unknown, to: DataFieldType): unknown {
  if (v === null || v === undefined) return null;
  if ((to === 'string' || to === 'text') && typeof v !== 'string')
    return typeof v === 'boolean' ? (v ? '是' : '否') : String(v);
  return v;
}

/** The later of two high-water values (numbers by value, dates and text by their order). */
function later(a: unknown, b: unknown): unknown {
  if (b === null || b === undefined) return a;
  if (a === null || a === undefined) return b;
  if (typeof a === 'number' && typeof b === 'number') return b > a ? b : a;
  return String(b) > String(a) ? b : a;
}

const keyText = (fields: string[], values: unknown[]) => fields.map((f, i) => `${f} = ${String(values[i])}`).join('，');

/** writeRows' refusal, or the database's, as a coded error naming the row. */
function rowError(err: unknown, before: number, source: Record<string, unknown>[], keyFrom: string[]): unknown {
  const e = err as { rowIndex?: unknown; field?: unknown; message?: string; code?: unknown };
  if (typeof e.rowIndex === 'number') {
    const row = source[e.rowIndex];
    const key = row
      ? `（${keyText(
          keyFrom,
          keyFrom.map((f) => row[f]),
        )}）`
      : '';
    return new SyncError(
      Codes.syncRowRejected,
      `第 ${before + e.rowIndex + 1} 行${key}字段 ${String(e.field ?? '')}：${e.message ?? '不符合数据表要求'}，整批未写入`,
      true,
    );
  }
  if (isConstraintError(e.code))
    return new SyncError(
      Codes.syncRowRejected,
      `第 ${before + 1}–${before + source.length} 行写入数据表时违反唯一键或约束，整批未写入：请检查字段映射与同步键`,
      true,
    );
  return err;
}

/** PostgreSQL (unique, not null, check, bad value) and SQLite constraint failures: the data, not the system. */
const isConstraintError = (code: unknown) =>
  typeof code === 'string' &&
  (['23505', '23502', '23514', '22P02', '22003', '22007', '22008'].includes(code) ||
    code.startsWith('SQLITE_CONSTRAINT'));

/** Any failure as the run history keeps it: a catalogue code and a message safe to show. */
function classify(err: unknown, log: FastifyBaseLogger): SyncError {
  if (err instanceof SyncError) return err;
  const e = err as { code?: unknown; message?: unknown };
  // Data sources' errors carry a catalogue code and a Chinese message made to be shown.
  if (typeof e.code === 'string' && /^0x[0-9a-f]{8}$/i.test(e.code) && typeof e.message === 'string')
    return new SyncError(e.code, e.message, false);
  log.error({ err }, 'data sync failed');
  return new SyncError(Codes.sqlError, '同步时发生内部错误，详情见服务器日志', false);
}

async function alertOwner(app: FastifyInstance, sync: repo.SyncRecord, failures: number, e: SyncError) {
  if (!(await repo.claimAlert(app.db, sync.id))) return;
  const to = sync.ownerId !== null ? [sync.ownerId] : await repo.adminIds(app.db);
  await sendMessage(app.db, {
    userIds: to,
    kind: 'system',
    title: `数据同步「${sync.name}」已连续失败 ${failures} 次`,
    body: `最近一次失败：${e.message}（${e.code}）。请在 同步管理 中查看运行记录并处理。`,
    link: '/cms/publicTool/syncManage',
  });
}
