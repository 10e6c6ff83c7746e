import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type Sqlite from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import { Codes } from '@/shared/errors';
import type { TestApp } from '@/server/test/helper';
import { listRows } from '@/modules/data-tables/server/commands/list-rows';
import { createSync } from './commands/create-sync';
import { runSyncNow } from './commands/run-sync-now';
import { executeSyncRun } from './engine';
import { dispatchDueSyncs } from './dispatch-job';
import * as repo from './repository';
import { queueRun } from './service';
import {
  buildSyncTestApp,
  closeSyncTestApp,
  registerStudents,
  STUDENT_MAPPING,
  students,
  writeStudentSource,
} from './test-support';

let app: TestApp;
let dataDir: string;
let source: Sqlite.Database;
let ids: { datasetId: number; tableId: number };

beforeEach(async () => {
  ({ app, dataDir } = await buildSyncTestApp());
  source = writeStudentSource(dataDir, 'students.sqlite', students(2500));
  ids = await registerStudents(app, 'students.sqlite', 'stu');
});

afterEach(async () => {
  source?.close();
  await closeSyncTestApp(app, dataDir);
});

const newSync = (over: Partial<Parameters<typeof createSync>[2]> = {}) =>
  createSync(
    app,
    app.db,
    {
      name: '学生名单',
      datasetId: ids.datasetId,
      tableId: ids.tableId,
      mapping: STUDENT_MAPPING,
      mode: 'full',
      key: ['student_no'],
      deleteMissing: true,
      ownerId: null,
      ...over,
    },
    null,
  );

const tableRows = async (where?: Record<string, unknown>) =>
  listRows(app, app.db, ids.tableId, { page: 1, pageSize: 200, ...(where ? { where } : {}) });

const run = async (id: number) => (await repo.findRun(app.db, id))!;

/** Runs the sync's queued job(s) the way the runner does. */
async function syncOnce(syncId: number) {
  const runId = await runSyncNow(app, syncId, 'manual');
  await app.jobs.drain();
  return run(runId);
}

const log = () => app.log;

describe('full sync', () => {
  it('copies every row in batches, then inserts, updates and deletes only what changed', async () => {
    const syncId = await newSync();
    const first = await syncOnce(syncId);
    expect(first).toMatchObject({ status: 'succeeded', rowsRead: 2500, rowsInserted: 2500, rowsDeleted: 0 });
    expect((await tableRows()).total).toBe(2500);
    expect((await tableRows({ student_no: 'S0000042' })).list[0]).toMatchObject({ name: '学生42', score: 42 });

    source.prepare("UPDATE students SET xm = '改名' WHERE xh = 'S0000042'").run();
    source.prepare("DELETE FROM students WHERE xh = 'S0000007'").run();
    source.prepare("INSERT INTO students VALUES ('S9999999', '新生', 60, 5000)").run();
    const second = await syncOnce(syncId);
    expect(second).toMatchObject({
      status: 'succeeded',
      rowsRead: 2500,
      rowsInserted: 1,
      rowsUpdated: 1,
      rowsUnchanged: 2498,
      rowsDeleted: 1,
      totalRows: 2500,
    });
    expect((await tableRows()).total).toBe(2500);
    expect((await tableRows({ student_no: 'S0000042' })).list[0]).toMatchObject({ name: '改名' });
    expect((await tableRows({ student_no: 'S0000007' })).total).toBe(0);
  });

  it('keeps rows the source dropped when delete handling is off', async () => {
    const syncId = await newSync({ deleteMissing: false });
    await syncOnce(syncId);
    source.prepare("DELETE FROM students WHERE xh <= 'S0000010'").run();
    expect(await syncOnce(syncId)).toMatchObject({ status: 'succeeded', rowsRead: 2490, rowsDeleted: 0 });
    expect((await tableRows()).total).toBe(2500);
  });
});

describe('incremental sync', () => {
  it('reads only rows past the high-water mark and moves the mark', async () => {
    const syncId = await newSync({ mode: 'incremental', sinceField: 'updated', deleteMissing: false });
    expect(await syncOnce(syncId)).toMatchObject({ status: 'succeeded', rowsRead: 2500, rowsInserted: 2500 });
    expect((await repo.findSync(app.db, syncId))!.sinceValue).toBe(3500);

    source.prepare("UPDATE students SET score = 99, updated = 9000 WHERE xh IN ('S0000001', 'S0000002')").run();
    source.prepare("INSERT INTO students VALUES ('S9999999', '新生', 60, 9001)").run();
    expect(await syncOnce(syncId)).toMatchObject({ status: 'succeeded', rowsRead: 3, rowsInserted: 1, rowsUpdated: 2 });
    expect((await repo.findSync(app.db, syncId))!.sinceValue).toBe(9001);
    expect(await syncOnce(syncId)).toMatchObject({ status: 'succeeded', rowsRead: 0 });
    expect((await tableRows({ student_no: 'S0000001' })).list[0]).toMatchObject({ score: 99 });
  });
});

describe('resume', () => {
  it('continues after the last committed batch after a crash, without duplicates', async () => {
    const syncId = await newSync();
    const { runId } = await queueRun(app, syncId, 'manual', null);
    const crash = new Error('进程意外退出');
    await expect(
      executeSyncRun(app, runId, {
        attempt: 1,
        lastAttempt: false,
        log: log(),
        batchSize: 1000,
        afterBatch: (n) => {
          if (n === 2) throw crash;
        },
      }),
    ).rejects.toThrow();
    const halfway = await run(runId);
    expect(halfway).toMatchObject({ status: 'queued', rowsRead: 2000, rowsInserted: 2000 });
    expect(halfway.checkpoint).toMatchObject({ after: 'S0002000' });
    expect((await tableRows()).total).toBe(2000);

    await executeSyncRun(app, runId, { attempt: 2, lastAttempt: false, log: log(), batchSize: 1000 });
    // Only the last 500 rows were read again: the resumed try started after the checkpoint.
    expect(await run(runId)).toMatchObject({ status: 'succeeded', rowsRead: 2500, rowsInserted: 2500, attempt: 2 });
    expect((await tableRows()).total).toBe(2500);
  });

  it("logs the finished run with its first try's start, the rows and the duration", async () => {
    const syncId = await newSync();
    const { runId } = await queueRun(app, syncId, 'manual', null);
    await expect(
      executeSyncRun(app, runId, {
        attempt: 1,
        lastAttempt: false,
        log: log(),
        batchSize: 1000,
        afterBatch: () => {
          throw new Error('killed');
        },
      }),
    ).rejects.toThrow();
    const firstStart = (await run(runId)).startedAt!;
    const lines: { obj: Record<string, unknown>; msg: string }[] = [];
    const capture = {
      ...app.log,
      info: (obj: Record<string, unknown>, msg: string) => lines.push({ obj, msg }),
      warn: () => {},
      error: () => {},
      debug: () => {},
    } as unknown as FastifyBaseLogger;
    await executeSyncRun(app, runId, { attempt: 2, lastAttempt: false, log: capture, batchSize: 1000 });
    const done = lines.find((l) => l.msg.startsWith('data sync finished'))!;
    expect(done.obj).toMatchObject({
      run: runId,
      startedAt: new Date(firstStart).toISOString(),
      read: 2500,
      written: 1500,
      deleted: 0,
    });
    expect(done.obj.durationMs).toBeGreaterThanOrEqual(0);
    expect(done.obj.durationMs).toBeLessThanOrEqual(Date.now() - firstStart);
    expect(done.msg).toMatch(/^data sync finished in \d+\.\d s$/);
  });

  it('resumes a run a dead process left running', async () => {
    const syncId = await newSync();
    const { runId } = await queueRun(app, syncId, 'manual', null);
    await expect(
      executeSyncRun(app, runId, {
        attempt: 1,
        lastAttempt: false,
        log: log(),
        batchSize: 1000,
        afterBatch: () => {
          throw new Error('killed');
        },
      }),
    ).rejects.toThrow();
    // As if the process had died: no one recorded the failure.
    await app.db.updateTable('dataSyncRun').set({ status: 'running' }).where('id', '=', runId).execute();
    await executeSyncRun(app, runId, { attempt: 2, lastAttempt: false, log: log(), batchSize: 1000 });
    expect(await run(runId)).toMatchObject({ status: 'succeeded', rowsRead: 2500, rowsInserted: 2500 });
    expect((await tableRows()).total).toBe(2500);
  });
});

describe('bad data', () => {
  it('refuses a mapping that breaks the unique key with a coded error and writes nothing of that batch', async () => {
    source.prepare("INSERT INTO students VALUES ('S0001500', '重复', 1, 1)").run();
    const syncId = await newSync();
    const r = await syncOnce(syncId);
    expect(r.status).toBe('failed');
    expect(r.errorCode).toBe(Codes.syncRowRejected);
    expect(r.errorMessage).toContain('S0001500');
    // The first batch (rows 1–1000) committed; the batch holding the duplicate did not.
    expect(r.rowsRead).toBe(1000);
    expect((await tableRows()).total).toBe(1000);
  });

  it('refuses rows a table field rejects (required value missing), naming the row', async () => {
    source.prepare("INSERT INTO students VALUES ('S0000000', NULL, 1, 1)").run();
    const syncId = await newSync();
    const r = await syncOnce(syncId);
    expect(r).toMatchObject({ status: 'failed', errorCode: Codes.syncRowRejected, rowsRead: 0 });
    expect(r.errorMessage).toContain('第 1 行');
    expect((await tableRows()).total).toBe(0);
  });

  it('refuses at save time a mapping whose types do not fit or which leaves a required field out', async () => {
    await expect(
      newSync({ mapping: [{ from: 'xm', to: 'score' }, ...STUDENT_MAPPING.slice(0, 1)] }),
    ).rejects.toMatchObject({
      code: Codes.inputError,
      data: { field: 'mapping' },
    });
    await expect(newSync({ mapping: STUDENT_MAPPING.slice(1), key: ['name'] })).rejects.toMatchObject({
      code: Codes.inputError,
      message: expect.stringContaining('必填'),
    });
    await expect(newSync({ mode: 'incremental', deleteMissing: false })).rejects.toMatchObject({
      data: { field: 'sinceField' },
    });
    await expect(newSync({ cron: '99 * * * *' })).rejects.toMatchObject({ data: { field: 'cron' } });
  });
});

describe('failures, retries and alerts', () => {
  const breakSource = () => source.exec('DROP TABLE students');

  it('retries a failing run, then fails it for good with the source error', async () => {
    const syncId = await newSync();
    breakSource();
    const { runId } = await queueRun(app, syncId, 'manual', null);
    for (let attempt = 1; attempt <= 3; attempt++) {
      await expect(executeSyncRun(app, runId, { attempt, lastAttempt: false, log: log() })).rejects.toThrow();
      expect(await run(runId)).toMatchObject({ status: 'queued', attempt });
    }
    await expect(executeSyncRun(app, runId, { attempt: 4, lastAttempt: true, log: log() })).rejects.toThrow();
    const r = await run(runId);
    expect(r).toMatchObject({ status: 'failed', attempt: 4 });
    expect(r.errorCode).toMatch(/^0x0000060/);
    expect((await repo.findSync(app.db, syncId))!.consecutiveFailures).toBe(1);
  });

  it('alerts the owner once after three failed runs in a row, and again only after a success', async () => {
    const owner = await app.db.selectFrom('appUser').select('id').where('isAdmin', '=', 0).executeTakeFirstOrThrow();
    const syncId = await newSync({ ownerId: owner.id });
    breakSource();
    const alerts = async () =>
      (
        await app.db
          .selectFrom('message')
          .select('title')
          .where('userId', '=', owner.id)
          .where('title', 'like', '%学生名单%')
          .execute()
      ).length;
    const failOnce = async () => {
      const { runId } = await queueRun(app, syncId, 'manual', null);
      await expect(executeSyncRun(app, runId, { attempt: 4, lastAttempt: true, log: log() })).rejects.toThrow();
    };
    await failOnce();
    await failOnce();
    expect(await alerts()).toBe(0);
    await failOnce();
    expect(await alerts()).toBe(1);
    await failOnce();
    expect(await alerts()).toBe(1);

    source.exec('CREATE TABLE students (xh TEXT, xm TEXT, score INTEGER, updated INTEGER)');
    const { runId } = await queueRun(app, syncId, 'manual', null);
    await executeSyncRun(app, runId, { attempt: 1, lastAttempt: false, log: log() });
    expect((await repo.findSync(app.db, syncId))!).toMatchObject({ consecutiveFailures: 0, alerted: false });
  });

  it('goes through the job runner: a failed try waits and is retried', async () => {
    const syncId = await newSync();
    breakSource();
    const runId = await runSyncNow(app, syncId, 'manual');
    await app.jobs.drain();
    expect(await run(runId)).toMatchObject({ status: 'queued', attempt: 1 });
    const jobRuns = await app.db
      .selectFrom('jobRun')
      .select(['status', 'error'])
      .where('name', '=', 'data-sync.run')
      .execute();
    expect(jobRuns).toEqual([expect.objectContaining({ status: 'fail' })]);
  });
});

describe('runs and schedules', () => {
  it('never queues a second run while one is active', async () => {
    const syncId = await newSync();
    const a = await runSyncNow(app, syncId, 'manual');
    expect(await runSyncNow(app, syncId, 'manual')).toBe(a);
    await app.jobs.drain();
    expect(await runSyncNow(app, syncId, 'manual')).not.toBe(a);
  });

  it('queues a due schedule once, and moves the next slot on', async () => {
    const syncId = await newSync({ cron: '*/5 * * * *' });
    const s = (await repo.findSync(app.db, syncId))!;
    expect(s.nextRunAt).toBeGreaterThan(Date.now());
    const due = s.nextRunAt! + 1000;
    expect(await dispatchDueSyncs(app, due)).toBe(1);
    expect(await dispatchDueSyncs(app, due)).toBe(0);
    expect((await repo.findSync(app.db, syncId))!.nextRunAt).toBeGreaterThan(due);
    const runs = await repo.listRuns(app.db, { syncId, page: 1, pageSize: 10 });
    expect(runs.list).toEqual([expect.objectContaining({ trigger: 'schedule', status: 'queued' })]);
  });
});

describe('one active run', () => {
  it('holds when many ask at once', async () => {
    const syncId = await newSync();
    const ids = await Promise.all(Array.from({ length: 6 }, () => runSyncNow(app, syncId, 'manual')));
    expect(new Set(ids).size).toBe(1);
    const active = await app.db
      .selectFrom('dataSyncRun')
      .select('id')
      .where('syncId', '=', syncId)
      .where('status', 'in', ['queued', 'running'])
      .execute();
    expect(active).toHaveLength(1);
  });
});
