import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type Sqlite from 'better-sqlite3';
import type { InjectOptions } from 'fastify';
import { Codes } from '@/shared/errors';
import type { TestApp } from '@/server/test/helper';
import type { SyncDetail, SyncListItem, SyncRunRow } from '../contract';
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
  source = writeStudentSource(dataDir, 'students.sqlite', students(30));
  ids = await registerStudents(app, 'students.sqlite', 'stu');
});

afterEach(async () => {
  source.close();
  await closeSyncTestApp(app, dataDir);
});

const asAdmin = async (opts: InjectOptions) => (await app.injectAs('admin', opts)).json();
const body = () => ({
  name: '学生名单',
  datasetId: ids.datasetId,
  tableId: ids.tableId,
  mapping: STUDENT_MAPPING,
  mode: 'full',
  key: ['student_no'],
  deleteMissing: true,
  cron: '0 2 * * *',
});

describe('同步管理 routes', () => {
  it('creates a sync, runs it now and shows the run in its history', async () => {
    const fields = await asAdmin({
      method: 'GET',
      url: `/data/api/v1.sync/fields/?datasetId=${ids.datasetId}&tableId=${ids.tableId}`,
    });
    expect(fields.data.dataset.fields.map((f: { name: string }) => f.name)).toEqual(['xh', 'xm', 'score', 'updated']);
    expect(fields.data.table.uniqueKey).toEqual(['student_no']);

    const created = await asAdmin({ method: 'POST', url: '/data/api/v1.sync/create/', payload: body() });
    expect(created.errorCode).toBe(Codes.ok);
    const id = created.data.id as number;

    const run = await asAdmin({ method: 'POST', url: '/data/api/v1.sync/run/', payload: { id } });
    expect(run.errorCode).toBe(Codes.ok);
    const again = await asAdmin({ method: 'POST', url: '/data/api/v1.sync/run/', payload: { id } });
    expect(again.errorCode).toBe(Codes.syncAlreadyRunning);
    await app.jobs.drain();

    const list = await asAdmin({ method: 'GET', url: '/data/api/v1.sync/list/?page=1&pageSize=20' });
    const item = (list.data.list as SyncListItem[])[0]!;
    expect(item).toMatchObject({ id, datasetName: '学生-stu', tableName: '学生表-stu', cron: '0 2 * * *' });
    expect(item.nextRunAt).toBeGreaterThan(Date.now());
    expect(item.lastRun).toMatchObject({ status: 'succeeded', rowsRead: 30, rowsInserted: 30 });

    const runs = await asAdmin({ method: 'GET', url: `/data/api/v1.syncRun/list/?syncId=${id}&page=1&pageSize=10` });
    expect(runs.data.total).toBe(1);
    expect((runs.data.list as SyncRunRow[])[0]).toMatchObject({ trigger: 'manual', status: 'succeeded' });

    const detail = (await asAdmin({ method: 'GET', url: `/data/api/v1.sync/detail/?id=${id}` })).data as SyncDetail;
    expect(detail).toMatchObject({ mapping: STUDENT_MAPPING, key: ['student_no'], deleteMissing: true });
  });

  it('answers bad settings with the field to fix', async () => {
    const r = await asAdmin({
      method: 'POST',
      url: '/data/api/v1.sync/create/',
      payload: { ...body(), mapping: [{ from: 'xm', to: 'score' }, ...STUDENT_MAPPING.slice(0, 2)] },
    });
    expect(r).toMatchObject({ errorCode: Codes.inputError, data: { field: 'mapping' } });
    expect(r.message).toContain('不能写入');
    const dup = await asAdmin({ method: 'POST', url: '/data/api/v1.sync/create/', payload: body() });
    expect(dup.errorCode).toBe(Codes.ok);
    const twice = await asAdmin({ method: 'POST', url: '/data/api/v1.sync/create/', payload: body() });
    expect(twice).toMatchObject({ errorCode: Codes.inputError, data: { field: 'name' } });
  });

  it('edits, disables, cancels and deletes', async () => {
    const id = (await asAdmin({ method: 'POST', url: '/data/api/v1.sync/create/', payload: body() })).data.id as number;
    const upd = await asAdmin({
      method: 'POST',
      url: '/data/api/v1.sync/update/',
      payload: {
        ...body(),
        id,
        name: '学生名单（增量）',
        mode: 'incremental',
        sinceField: 'updated',
        deleteMissing: false,
      },
    });
    expect(upd.errorCode).toBe(Codes.ok);
    await asAdmin({ method: 'POST', url: '/data/api/v1.sync/enable/', payload: { id, enabled: false } });
    const detail = (await asAdmin({ method: 'GET', url: `/data/api/v1.sync/detail/?id=${id}` })).data as SyncDetail;
    expect(detail).toMatchObject({ name: '学生名单（增量）', mode: 'incremental', enabled: false, nextRunAt: null });

    const runId = (await asAdmin({ method: 'POST', url: '/data/api/v1.sync/run/', payload: { id } })).data
      .runId as number;
    expect((await asAdmin({ method: 'POST', url: '/data/api/v1.sync/delete/', payload: { id } })).errorCode).toBe(
      Codes.syncAlreadyRunning,
    );
    expect(
      (await asAdmin({ method: 'POST', url: '/data/api/v1.syncRun/cancel/', payload: { id: runId } })).errorCode,
    ).toBe(Codes.ok);
    await app.jobs.drain();
    const runs = await asAdmin({ method: 'GET', url: `/data/api/v1.syncRun/list/?syncId=${id}&page=1&pageSize=10` });
    expect(runs.data.list[0]).toMatchObject({ status: 'cancelled', rowsRead: 0 });
    expect((await asAdmin({ method: 'POST', url: '/data/api/v1.sync/delete/', payload: { id } })).errorCode).toBe(
      Codes.ok,
    );
    expect((await asAdmin({ method: 'GET', url: `/data/api/v1.sync/detail/?id=${id}` })).errorCode).toBe(
      Codes.notFound,
    );
  });

  it('is for administrators only', async () => {
    const id = (await asAdmin({ method: 'POST', url: '/data/api/v1.sync/create/', payload: body() })).data.id as number;
    const calls: InjectOptions[] = [
      { method: 'GET', url: '/data/api/v1.sync/list/?page=1&pageSize=20' },
      { method: 'GET', url: `/data/api/v1.sync/detail/?id=${id}` },
      { method: 'GET', url: `/data/api/v1.sync/fields/?datasetId=${ids.datasetId}` },
      { method: 'POST', url: '/data/api/v1.sync/create/', payload: { ...body(), name: 'x' } },
      { method: 'POST', url: '/data/api/v1.sync/update/', payload: { ...body(), id } },
      { method: 'POST', url: '/data/api/v1.sync/run/', payload: { id } },
      { method: 'POST', url: '/data/api/v1.sync/enable/', payload: { id, enabled: false } },
      { method: 'POST', url: '/data/api/v1.sync/delete/', payload: { id } },
      { method: 'GET', url: `/data/api/v1.syncRun/list/?syncId=${id}&page=1&pageSize=10` },
      { method: 'POST', url: '/data/api/v1.syncRun/cancel/', payload: { id: 1 } },
    ];
    for (const c of calls) {
      for (const who of ['student', 'teacher']) {
        const res = await app.injectAs(who, c);
        expect(res.statusCode, `${who} ${c.method} ${c.url}`).toBe(403);
        expect(res.json().errorCode).toBe(Codes.noPermission);
      }
      expect((await app.inject(c)).statusCode).toBe(401);
    }
    const still = (await asAdmin({ method: 'GET', url: `/data/api/v1.sync/detail/?id=${id}` })).data as SyncDetail;
    expect(still).toMatchObject({ enabled: true, lastRun: null });
  });
});

describe('incremental position', () => {
  it('is reset on request, so the next run reads everything again', async () => {
    const inc = { ...body(), mode: 'incremental', sinceField: 'updated', deleteMissing: false };
    const id = (await asAdmin({ method: 'POST', url: '/data/api/v1.sync/create/', payload: inc })).data.id as number;
    await asAdmin({ method: 'POST', url: '/data/api/v1.sync/run/', payload: { id } });
    await app.jobs.drain();
    expect(
      ((await asAdmin({ method: 'GET', url: `/data/api/v1.sync/detail/?id=${id}` })).data as SyncDetail).sinceValue,
    ).toBe(1030);
    await asAdmin({ method: 'POST', url: '/data/api/v1.sync/update/', payload: { ...inc, id } });
    expect(
      ((await asAdmin({ method: 'GET', url: `/data/api/v1.sync/detail/?id=${id}` })).data as SyncDetail).sinceValue,
    ).toBe(1030);
    await asAdmin({ method: 'POST', url: '/data/api/v1.sync/update/', payload: { ...inc, id, resetSince: true } });
    expect(
      ((await asAdmin({ method: 'GET', url: `/data/api/v1.sync/detail/?id=${id}` })).data as SyncDetail).sinceValue,
    ).toBeNull();
    await asAdmin({ method: 'POST', url: '/data/api/v1.sync/run/', payload: { id } });
    await app.jobs.drain();
    const runs = await asAdmin({ method: 'GET', url: `/data/api/v1.syncRun/list/?syncId=${id}&page=1&pageSize=10` });
    expect(runs.data.list[0]).toMatchObject({ status: 'succeeded', rowsRead: 30, rowsUnchanged: 30 });
  });
});
