import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import type { DataTableField } from '../contract';
import { createDataTable } from './commands/create-data-table';
import { getDataTable } from './commands/get-data-table';
import { DataTableRowError, writeRows } from './commands/write-rows';
import { deleteRowsNotInRun } from './commands/delete-rows-not-in-run';
import { changeFingerprint, getChangeVersions } from './commands/get-change-versions';
import { listRows } from './commands/list-rows';
import { findMeta } from './repository';

const field = (name: string, type: DataTableField['type'], extra: Partial<DataTableField> = {}): DataTableField => ({
  name,
  label: name,
  type,
  required: false,
  indexed: false,
  visibility: 'all',
  description: '',
  sort: 0,
  ...extra,
});

describe('data-tables commands', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const make = (code: string, uniqueKey: string[] = ['stu_no']) =>
    app.db.transaction().execute((trx) =>
      createDataTable(
        app,
        trx,
        {
          code,
          name: `学生 ${code}`,
          description: '',
          fields: [
            field('stu_no', 'string', { required: true, indexed: true }),
            field('name', 'string', { required: true }),
            field('score', 'decimal'),
            field('birthday', 'date'),
            field('active', 'boolean'),
            field('seen_at', 'datetime'),
            field('dept_id', 'integer'),
          ],
          uniqueKey,
          ownerDepartmentId: null,
          scopeField: 'dept_id',
        },
        null,
      ),
    );

  it('creates the physical table with system columns, its indexes and the DDL history', async () => {
    const def = await make('students_a');
    expect(def).toMatchObject({ code: 'students_a', version: 1, uniqueKey: ['stu_no'], scopeField: 'dept_id' });
    expect(await getDataTable(app, app.db, 'students_a')).toEqual(def);
    expect((await getDataTable(app, app.db, def.id))?.fields.map((f) => f.name)).toEqual([
      'stu_no',
      'name',
      'score',
      'birthday',
      'active',
      'seen_at',
      'dept_id',
    ]);
    const ddl = await app.db
      .selectFrom('dataTableDdl')
      .select(['step', 'sqlText'])
      .where('tableId', '=', def.id)
      .execute();
    expect(ddl.map((d) => d.sqlText)).toEqual([
      expect.stringMatching(/^create table "dt_students_a" \("_id" (serial|integer) primary key/),
      expect.stringMatching(/^create index/),
      expect.stringMatching(/^create unique index/),
    ]);
    const r = await sql<{ n: number }>`select count(*) as n from dt_students_a`.execute(app.db);
    expect(Number(r.rows[0]!.n)).toBe(0);
  });

  it('refuses a bad definition and a code already used', async () => {
    await expect(make('students_a')).rejects.toMatchObject({ status: 409 });
    await expect(make('Bad-Code')).rejects.toMatchObject({ status: 400 });
    await expect(make('students_x', ['nope'])).rejects.toMatchObject({ status: 400 });
    expect(await getDataTable(app, app.db, 'students_x')).toBeUndefined();
  });

  it('upserts by the unique key, normalises values, counts and logs changes', async () => {
    const def = await make('students_b');
    const first = await app.db.transaction().execute((trx) =>
      writeRows(
        app,
        trx,
        def.id,
        [
          {
            stu_no: '2026001',
            name: '张三',
            score: '91.5',
            birthday: '2005/3/1',
            active: '是',
            seen_at: '2026-03-01 08:00:00',
            dept_id: 7,
          },
          { stu_no: '2026002', name: '李四', score: 80, active: false },
        ],
        { actorId: null, source: 'import' },
      ),
    );
    expect(first).toEqual({ inserted: 2, updated: 0, unchanged: 0 });
    const second = await writeRows(
      app,
      app.db,
      def.id,
      [
        { stu_no: '2026001', name: '张三' },
        { stu_no: '2026002', name: '李四改' },
      ],
      {
        actorId: null,
        source: 'edit',
      },
    );
    expect(second).toEqual({ inserted: 0, updated: 1, unchanged: 1 });
    const page = await listRows(app, app.db, def.id, { page: 1, pageSize: 10 });
    expect(page.total).toBe(2);
    expect(page.list[0]).toMatchObject({
      _id: expect.any(Number),
      _version: 1,
      stu_no: '2026001',
      score: 91.5,
      birthday: '2005-03-01',
      active: true,
      seen_at: Date.UTC(2026, 2, 1, 0, 0, 0),
      dept_id: 7,
    });
    expect(page.list[1]).toMatchObject({ name: '李四改', _version: 2, active: false });
    const filtered = await listRows(app, app.db, def.id, { page: 1, pageSize: 10, where: { stu_no: '2026002' } });
    expect(filtered.list.map((r) => r.name)).toEqual(['李四改']);
    const changes = await app.db
      .selectFrom('dataTableChange')
      .select(['action', 'source'])
      .where('tableId', '=', def.id)
      .orderBy('id')
      .execute();
    expect(changes).toEqual([
      { action: 'insert', source: 'import' },
      { action: 'insert', source: 'import' },
      { action: 'update', source: 'edit' },
    ]);
  });

  it('refuses a batch with one bad row and writes nothing of it', async () => {
    const def = await make('students_c');
    const bad = writeRows(
      app,
      app.db,
      def.id,
      [
        { stu_no: '1', name: 'a' },
        { stu_no: '2', name: 'b', score: 'abc' },
      ],
      {
        actorId: null,
        source: 'sync',
      },
    );
    await expect(bad).rejects.toBeInstanceOf(DataTableRowError);
    await expect(bad).rejects.toMatchObject({ rowIndex: 1, field: 'score' });
    await expect(
      writeRows(app, app.db, def.id, [{ stu_no: '3' }], { actorId: null, source: 'sync' }),
    ).rejects.toMatchObject({
      rowIndex: 0,
      field: 'name',
    });
    await expect(
      writeRows(app, app.db, def.id, [{ stu_no: '3', name: 'x', nope: 1 }], { actorId: null, source: 'sync' }),
    ).rejects.toMatchObject({
      field: 'nope',
    });
    expect((await listRows(app, app.db, def.id, { page: 1, pageSize: 10 })).total).toBe(0);
  });

  it('stamps the sync run, skips the log for syncs and deletes rows the run did not see', async () => {
    const def = await make('students_d');
    const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ stu_no: `S${i}`, name: `学生${i}` }));
    expect(
      await writeRows(app, app.db, def.id, rows(300), { actorId: null, source: 'sync', syncRun: 1, log: false }),
    ).toEqual({
      inserted: 300,
      updated: 0,
      unchanged: 0,
    });
    // run 2 sees only the first 100 (unchanged) and one new row
    const run2 = await writeRows(app, app.db, def.id, [...rows(100), { stu_no: 'NEW', name: '新生' }], {
      actorId: null,
      source: 'sync',
      syncRun: 2,
      log: false,
    });
    expect(run2).toEqual({ inserted: 1, updated: 0, unchanged: 100 });
    expect(await deleteRowsNotInRun(app, app.db, def.id, 2)).toBe(200);
    expect((await listRows(app, app.db, def.id, { page: 1, pageSize: 1 })).total).toBe(101);
    // the kept row count (what a page of the whole table shows) follows every insert and delete
    expect((await findMeta(app.db, def.id))?.rowCount).toBe(101);
    const logged = await app.db.selectFrom('dataTableChange').select('id').where('tableId', '=', def.id).execute();
    expect(logged).toEqual([]);
  });

  it('moves a change version with every write that changes rows, and only then', async () => {
    const def = await make('students_v');
    const token = async () => (await getChangeVersions(app, app.db, ['students_v', 'no_such_table'])).get('students_v');
    const fp = () => changeFingerprint(app, app.db, ['no_such_table', 'students_v']);
    const opts = { actorId: null, source: 'sync' as const, syncRun: 1, log: false };
    const start = await token();
    expect(start).toBe(`${def.id}.0`);
    expect(await fp()).toBe(`no_such_table:-|students_v:${def.id}.0`);
    await writeRows(app, app.db, def.id, [{ stu_no: 'A', name: '甲' }], opts);
    const afterInsert = await token();
    expect(afterInsert).not.toBe(start);
    // the same row again changes nothing: the version stays (an unchanged sync triggers no recompute)
    await writeRows(app, app.db, def.id, [{ stu_no: 'A', name: '甲' }], opts);
    expect(await token()).toBe(afterInsert);
    await writeRows(app, app.db, def.id, [{ stu_no: 'A', name: '乙' }], opts);
    const afterUpdate = await token();
    expect(afterUpdate).not.toBe(afterInsert);
    expect(await deleteRowsNotInRun(app, app.db, def.id, 2)).toBe(1);
    expect(await token()).not.toBe(afterUpdate);
    expect(await getChangeVersions(app, app.db, [])).toEqual(new Map());
  });

  it('inserts without a key and upserts by a key the caller names', async () => {
    const def = await make('events_e', []);
    expect(
      await writeRows(
        app,
        app.db,
        def.id,
        [
          { stu_no: 'A', name: '1' },
          { stu_no: 'A', name: '2' },
        ],
        { actorId: null, source: 'sync', key: [] },
      ),
    ).toEqual({
      inserted: 2,
      updated: 0,
      unchanged: 0,
    });
    expect(
      await writeRows(app, app.db, def.id, [{ stu_no: 'B', name: '3', dept_id: 1 }], {
        actorId: null,
        source: 'sync',
        key: ['stu_no', 'name'],
      }),
    ).toEqual({
      inserted: 1,
      updated: 0,
      unchanged: 0,
    });
    expect(
      await writeRows(app, app.db, def.id, [{ stu_no: 'B', name: '3', dept_id: 2 }], {
        actorId: null,
        source: 'sync',
        key: ['stu_no', 'name'],
      }),
    ).toEqual({
      inserted: 0,
      updated: 1,
      unchanged: 0,
    });
  });

  it('rolls the physical table back with the caller transaction', async () => {
    await expect(
      app.db.transaction().execute(async (trx) => {
        await createDataTable(
          app,
          trx,
          {
            code: 'rolled',
            name: 'r',
            description: '',
            fields: [field('a', 'string')],
            uniqueKey: [],
            ownerDepartmentId: null,
            scopeField: null,
          },
          null,
        );
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await getDataTable(app, app.db, 'rolled')).toBeUndefined();
    // the same code can be created afterwards: the physical table went with the transaction
    const def = await createDataTable(
      app,
      app.db,
      {
        code: 'rolled',
        name: 'r',
        description: '',
        fields: [field('a', 'string')],
        uniqueKey: [],
        ownerDepartmentId: null,
        scopeField: null,
      },
      null,
    );
    expect(def.code).toBe('rolled');
  });

  it('stores the reporting duty and public flag given beside the definition, defaults without them', async () => {
    const base = {
      name: '报送',
      description: '',
      fields: [field('a', 'string')],
      uniqueKey: [],
      ownerDepartmentId: null,
      scopeField: null,
    };
    const due = await createDataTable(
      app,
      app.db,
      { ...base, code: 'duty_weekly', reportCycle: 'weekly', reportDeadlineDay: 5, isPublic: true },
      null,
    );
    expect(await findMeta(app.db, due.id)).toMatchObject({
      reportCycle: 'weekly',
      reportDeadlineDay: 5,
      isPublic: true,
    });
    const plain = await createDataTable(app, app.db, { ...base, code: 'duty_none' }, null);
    expect(await findMeta(app.db, plain.id)).toMatchObject({
      reportCycle: 'none',
      reportDeadlineDay: 1,
      isPublic: false,
    });
  });
});
