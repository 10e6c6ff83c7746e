import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataSource } from '@/modules/data-sources/server/commands/create-source';
import { createDataset } from '@/modules/data-sources/server/commands/create-dataset';
import { createSync } from '@/modules/data-sync/server/commands/create-sync';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { multipartBody, TINY_PNG } from '@/server/test/multipart';
import { Codes } from '@/shared/errors';
import { createDataTable } from '@/modules/data-tables/server/commands/create-data-table';
import { listRows } from '@/modules/data-tables/server/commands/list-rows';
import { writeRows } from '@/modules/data-tables/server/commands/write-rows';
import { hashPassword } from '@/server/identity/passwords';
import type { CorrectionItem, MyDataView } from '../contract';
import { seedCorrections } from './demo-corrections';
import { processWriteBacks, WRITE_BACK_TRIES } from './write-back-job';

const P = '/data/api/v1.oneTable';
const STUDENT_NO = '20230101101';

describe('one-table', () => {
  let app: TestApp;
  let staffPlatform: number;
  let tableId: number;
  let otherRowId: number;

  // SQLite source files live in DATA_DIR/sources (the write-back test's owning system).
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'one-table-'));
  beforeAll(async () => {
    fs.mkdirSync(path.join(dataDir, 'sources'), { recursive: true });
    app = await buildTestApp({ env: { DATA_DIR: dataDir } });
    const teacher = await app.db
      .selectFrom('appUser')
      .selectAll()
      .where('username', '=', 'teacher')
      .executeTakeFirstOrThrow();
    const platforms = await app.db.selectFrom('platform').select(['id', 'name']).orderBy('sort').execute();
    // The teacher's staff platform: the one whose menu carries the approval page.
    for (const p of platforms) {
      const r = await app.injectAs('teacher', { method: 'GET', url: `${P}/correction/todo/` }, p.id);
      if (r.statusCode === 200) staffPlatform = p.id;
    }
    expect(staffPlatform).toBeDefined();
    // The dorm table, owned by the teacher's department; the student's bed and someone else's.
    const def = await createDataTable(
      app,
      app.db,
      {
        code: 'mj_bed',
        name: '住宿床位',
        description: '',
        fields: [
          ['bed_id', '床位编号', 'string'],
          ['building_id', '楼栋编号', 'integer'],
          ['room_no', '房间号', 'string'],
          ['bed_no', '床号', 'integer'],
          ['student_no', '学号', 'string'],
          ['student_name', '姓名', 'string'],
          ['unit_id', '学院ID', 'integer'],
          ['check_in_date', '入住日期', 'date'],
        ].map(([name, label, type], i) => ({
          name: name!,
          label: label!,
          type: type as 'string',
          required: name === 'bed_id',
          indexed: name === 'student_no',
          visibility: 'all' as const,
          description: '',
          sort: i,
        })),
        uniqueKey: ['bed_id'],
        ownerDepartmentId: teacher.departmentId,
        scopeField: 'unit_id',
      },
      null,
    );
    tableId = def.id;
    await writeRows(
      app,
      app.db,
      def.id,
      [
        {
          bed_id: 'B1-101-1',
          building_id: 1,
          room_no: '101',
          bed_no: 1,
          student_no: STUDENT_NO,
          student_name: '李明轩',
          check_in_date: '2023-09-01',
        },
        {
          bed_id: 'B1-101-2',
          building_id: 1,
          room_no: '101',
          bed_no: 2,
          student_no: '20230101102',
          student_name: '某同学',
          check_in_date: '2023-09-01',
        },
      ],
      { actorId: null, source: 'sync' },
    );
    const rows = await listRows(app, app.db, def.id, { page: 1, pageSize: 10, where: { student_no: '20230101102' } });
    otherRowId = Number(rows.list[0]!._id);

    // A staff member of another college with the teacher's roles (so the approval page): out of scope.
    const other = await app.db
      .selectFrom('department')
      .select('id')
      .where('id', '<>', teacher.departmentId!)
      .where('kind', '=', 'college')
      .executeTakeFirstOrThrow();
    const now = Date.now();
    const u = await app.db
      .insertInto('appUser')
      .values({
        username: 'outsider',
        passwordHash: await hashPassword('Demo@2026'),
        realName: '外院老师',
        userNo: '20990001',
        kind: 'staff',
        isAdmin: 0,
        departmentId: other.id,
        phone: null,
        email: null,
        gender: null,
        avatar: null,
        status: 'active',
        mustChangePwd: 0,
        failedCount: 0,
        lockedUntil: null,
        lastLoginAt: null,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const roles = await app.db.selectFrom('userRole').select('roleId').where('userId', '=', teacher.id).execute();
    for (const r of roles) await app.db.insertInto('userRole').values({ userId: u.id, roleId: r.roleId }).execute();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  type Opts = Parameters<TestApp['injectAs']>[1];
  const asStudent = (opts: Opts) => app.injectAs('student', opts);
  const asStaff = (who: string, opts: Opts) => app.injectAs(who, opts, staffPlatform);

  it('gathers the student’s data by 学号, grouped as configured, with source and time', async () => {
    const res = await asStudent({ method: 'GET', url: `${P}/myData/` });
    expect(res.statusCode).toBe(200);
    const v = res.json().data as MyDataView;
    expect(v.person).toMatchObject({ userNo: STUDENT_NO, audience: 'undergraduate' });
    const dorm = v.groups.find((g) => g.key === 'dorm')!;
    expect(dorm).toMatchObject({ source: '住宿床位', available: true });
    expect(dorm.rows).toHaveLength(1);
    expect(dorm.rows[0]!.values.find((x) => x.name === 'room_no')).toMatchObject({ value: '101', correctable: true });
    expect(dorm.rows[0]!.updatedAt).toBeGreaterThan(0);
    expect(v.groups.find((g) => g.key === 'card')).toMatchObject({ available: false, rows: [] });
  });

  it('refuses another person’s data to a student and to staff out of scope; audits staff reads', async () => {
    const r1 = await asStudent({ method: 'GET', url: `${P}/myData/?userNo=20230101102` });
    expect(r1.statusCode).toBe(403);
    const r2 = await asStaff('outsider', { method: 'GET', url: `${P}/myData/?userNo=${STUDENT_NO}` });
    expect(r2.statusCode).toBe(403);
    const r3 = await asStaff('teacher', { method: 'GET', url: `${P}/myData/?userNo=${STUDENT_NO}` });
    expect(r3.statusCode).toBe(200);
    const logged = await app.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'oneTable.viewPerson')
      .execute();
    expect(logged.map((l) => l.target)).toContain(STUDENT_NO);
    // Reveal of another person's row id through one's own number: not found.
    const r4 = await asStudent({
      method: 'POST',
      url: `${P}/reveal/`,
      payload: { tableCode: 'mj_bed', rowId: otherRowId, field: 'room_no' },
    });
    expect(r4.statusCode).toBe(404);
  });

  let firstId = 0;
  it('takes a correction with evidence; refuses bad ones with codes and nothing saved', async () => {
    const body = multipartBody({ filename: 'bed.png', content: TINY_PNG, type: 'image/png' });
    const up = await asStudent({ method: 'POST', url: `${P}/evidence/`, payload: body.payload, headers: body.headers });
    expect(up.statusCode).toBe(200);
    const evidenceId = up.json().data.id as string;
    const mine = await asStudent({ method: 'GET', url: `${P}/myData/` });
    const row = (mine.json().data as MyDataView).groups.find((g) => g.key === 'dorm')!.rows[0]!;
    const base = {
      tableCode: 'mj_bed',
      rowId: row.rowId,
      field: 'room_no',
      reason: '已调换宿舍',
      evidence: [evidenceId],
    };

    const same = await asStudent({
      method: 'POST',
      url: `${P}/correction/submit/`,
      payload: { ...base, newValue: '101' },
    });
    expect(same.json().errorCode).toBe(Codes.oneTableSameValue);
    const idor = await asStudent({
      method: 'POST',
      url: `${P}/correction/submit/`,
      payload: { ...base, rowId: otherRowId, newValue: '305' },
    });
    expect(idor.statusCode).toBe(404);
    const badType = await asStudent({
      method: 'POST',
      url: `${P}/correction/submit/`,
      payload: { ...base, field: 'bed_no', newValue: '二' },
    });
    expect(badType.json().errorCode).toBe(Codes.oneTableBadValue);
    const foreign = await asStaff('teacher', {
      method: 'POST',
      url: `${P}/correction/submit/`,
      payload: { ...base, newValue: '305' },
    });
    expect(foreign.statusCode).toBe(404);
    expect(await app.db.selectFrom('oneTableCorrection').select('id').execute()).toHaveLength(0);

    const ok = await asStudent({
      method: 'POST',
      url: `${P}/correction/submit/`,
      payload: { ...base, newValue: '305' },
    });
    expect(ok.statusCode).toBe(200);
    firstId = ok.json().data.id;
    const again = await asStudent({
      method: 'POST',
      url: `${P}/correction/submit/`,
      payload: { ...base, newValue: '306' },
    });
    expect(again.json().errorCode).toBe(Codes.oneTablePendingExists);
    // The evidence is readable by the applicant and the owning department, not by the outsider.
    expect((await asStudent({ method: 'GET', url: `/resource/api/v1.file/${evidenceId}` })).statusCode).toBe(200);
    expect((await asStaff('teacher', { method: 'GET', url: `/resource/api/v1.file/${evidenceId}` })).statusCode).toBe(
      200,
    );
    expect((await asStaff('outsider', { method: 'GET', url: `/resource/api/v1.file/${evidenceId}` })).statusCode).toBe(
      403,
    );
  });

  it('the owning department approves: the value is written to the data table with a change record', async () => {
    const out = await asStaff('outsider', { method: 'GET', url: `${P}/correction/todo/` });
    expect(out.json().data.total).toBe(0);
    const outApprove = await asStaff('outsider', {
      method: 'POST',
      url: `${P}/correction/approve/`,
      payload: { id: firstId, answer: '' },
    });
    expect(outApprove.statusCode).toBe(404);
    const student = await asStudent({
      method: 'POST',
      url: `${P}/correction/approve/`,
      payload: { id: firstId, answer: '' },
    });
    expect(student.statusCode).toBe(403);

    const todo = await asStaff('teacher', { method: 'GET', url: `${P}/correction/todo/?state=pending` });
    const item = (todo.json().data.list as CorrectionItem[])[0]!;
    expect(item).toMatchObject({ oldValue: '101', newValue: '305', fieldLabel: '房间号', state: 'pending' });
    // It runs through the engine: the teacher's task is in the approval centre's generic 待办 too.
    expect(item.instanceId).toBeGreaterThan(0);
    expect(item.taskId).toBeGreaterThan(0);
    const dsp = await asStaff('teacher', { method: 'GET', url: '/workflow/api/v1.task/list/?type=dsp' });
    expect((dsp.json().data.list as { id: number }[]).map((t) => t.id)).toContain(item.taskId);
    const res = await asStaff('teacher', {
      method: 'POST',
      url: `${P}/correction/approve/`,
      payload: { id: firstId, answer: '已核实' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ state: 'approved', writeState: 'written' });
    const rows = await listRows(app, app.db, tableId, { page: 1, pageSize: 5, where: { student_no: STUDENT_NO } });
    expect(rows.list[0]!.room_no).toBe('305');
    const changes = await app.db
      .selectFrom('dataTableChange')
      .selectAll()
      .where('tableId', '=', tableId)
      .where('action', '=', 'update')
      .execute();
    expect(changes.length).toBe(1);
    // The change record says why; the engine's instance ended approved with the opinion in its history.
    expect(changes[0]!.reason).toBe(`数据纠错 #${firstId}：已调换宿舍`);
    const inst = await app.db
      .selectFrom('wfInstance')
      .select(['status', 'title'])
      .where('id', '=', item.instanceId!)
      .executeTakeFirstOrThrow();
    expect(inst).toMatchObject({ status: 'approved' });
    expect(inst.title).toContain('数据纠错');
    const twice = await asStaff('teacher', {
      method: 'POST',
      url: `${P}/correction/approve/`,
      payload: { id: firstId, answer: '' },
    });
    expect(twice.json().errorCode).toBe(Codes.oneTableDecided);

    // A later sync from the source writes the old value back: the owner's list shows the conflict.
    const approvedList = async () =>
      (await asStaff('teacher', { method: 'GET', url: `${P}/correction/todo/?state=approved` })).json().data
        .list as CorrectionItem[];
    expect((await approvedList()).find((c) => c.id === firstId)?.conflict).toBe(false);
    await writeRows(app, app.db, tableId, [{ bed_id: 'B1-101-1', room_no: '101' }], { actorId: null, source: 'sync' });
    expect((await approvedList()).find((c) => c.id === firstId)?.conflict).toBe(true);
    await writeRows(app, app.db, tableId, [{ bed_id: 'B1-101-1', room_no: '305' }], { actorId: null, source: 'edit' });
  });

  it('a rejection needs a reason the student then sees; the summary counts both', async () => {
    const mine = await asStudent({ method: 'GET', url: `${P}/myData/` });
    const row = (mine.json().data as MyDataView).groups.find((g) => g.key === 'dorm')!.rows[0]!;
    const sub = await asStudent({
      method: 'POST',
      url: `${P}/correction/submit/`,
      payload: {
        tableCode: 'mj_bed',
        rowId: row.rowId,
        field: 'bed_no',
        newValue: '3',
        reason: '床号不对',
        evidence: [],
      },
    });
    const id = sub.json().data.id as number;
    const noReason = await asStaff('teacher', {
      method: 'POST',
      url: `${P}/correction/reject/`,
      payload: { id, answer: ' ' },
    });
    expect(noReason.statusCode).toBe(400);
    const rej = await asStaff('teacher', {
      method: 'POST',
      url: `${P}/correction/reject/`,
      payload: { id, answer: '床号与入住登记一致' },
    });
    expect(rej.json().data.state).toBe('rejected');
    const list = await asStudent({ method: 'GET', url: `${P}/correction/mine/` });
    const items = list.json().data.list as CorrectionItem[];
    expect(items.find((i) => i.id === id)).toMatchObject({ state: 'rejected', answer: '床号与入住登记一致' });
    const sum = await asStaff('teacher', { method: 'GET', url: `${P}/summary/` });
    expect(sum.statusCode).toBe(200);
    const byState = Object.fromEntries(
      (sum.json().data.byState as { state: string; count: number }[]).map((s) => [s.state, s.count]),
    );
    expect(byState).toEqual({ approved: 1, rejected: 1 });
    // The rejection ended the engine's instance as rejected, with the opinion in its history.
    const c = await app.db
      .selectFrom('oneTableCorrection')
      .select('instanceId')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const inst = await app.db
      .selectFrom('wfInstance')
      .select('status')
      .where('id', '=', c.instanceId!)
      .executeTakeFirstOrThrow();
    expect(inst.status).toBe('rejected');
    expect(sum.json().data.trend).toHaveLength(30);
    const xlsx = await asStaff('teacher', { method: 'GET', url: `${P}/summary/export/` });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect((await asStudent({ method: 'GET', url: `${P}/summary/` })).statusCode).toBe(403);
  });

  it('approved on the generic approval page (task/approve/): the completion hook writes the value in that transaction', async () => {
    const mine = await asStudent({ method: 'GET', url: `${P}/myData/` });
    const row = (mine.json().data as MyDataView).groups.find((g) => g.key === 'dorm')!.rows[0]!;
    const sub = await asStudent({
      method: 'POST',
      url: `${P}/correction/submit/`,
      payload: {
        tableCode: 'mj_bed',
        rowId: row.rowId,
        field: 'check_in_date',
        newValue: '2023-08-30',
        reason: '提前返校',
        evidence: [],
      },
    });
    const id = sub.json().data.id as number;
    const todo = await asStaff('teacher', { method: 'GET', url: `${P}/correction/todo/?state=pending` });
    const item = (todo.json().data.list as CorrectionItem[]).find((c) => c.id === id)!;
    // The outsider cannot act on the teacher's task through the workflow's own route either.
    const foreign = await asStaff('outsider', {
      method: 'POST',
      url: '/workflow/api/v1.task/approve/',
      payload: { taskId: item.taskId, comment: '' },
    });
    expect(foreign.statusCode).toBe(403);
    const res = await asStaff('teacher', {
      method: 'POST',
      url: '/workflow/api/v1.task/approve/',
      payload: { taskId: item.taskId, comment: '核对无误' },
    });
    expect(res.statusCode).toBe(200);
    const c = (await app.db
      .selectFrom('oneTableCorrection')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow())!;
    expect(c).toMatchObject({ state: 'approved', writeState: 'written', answer: '核对无误' });
    const rows = await listRows(app, app.db, tableId, { page: 1, pageSize: 5, where: { student_no: STUDENT_NO } });
    expect(rows.list[0]!.check_in_date).toBe('2023-08-30');
  });

  it('sync hold: a sync does not undo an approved value; the conflict is recorded and the owner settles it', async () => {
    const c = await app.db
      .selectFrom('oneTableCorrection')
      .select(['id', 'hold'])
      .where('field', '=', 'check_in_date')
      .where('state', '=', 'approved')
      .executeTakeFirstOrThrow();
    expect(c.hold).toBe(1);
    const sync = (v: string) =>
      writeRows(app, app.db, tableId, [{ bed_id: 'B1-101-1', check_in_date: v }], { actorId: null, source: 'sync' });
    const value = async () =>
      (await listRows(app, app.db, tableId, { page: 1, pageSize: 5, where: { student_no: STUDENT_NO } })).list[0]!
        .check_in_date;
    await sync('2023-09-01');
    expect(await value()).toBe('2023-08-30');
    const mine = await asStudent({ method: 'GET', url: `${P}/correction/mine/` });
    expect((mine.json().data.list as CorrectionItem[]).find((x) => x.id === c.id)?.conflictValue).toBe('2023-09-01');
    const R = `${P}/correction/resolveConflict/`;
    expect((await asStudent({ method: 'POST', url: R, payload: { id: c.id, keep: 'source' } })).statusCode).toBe(403);
    expect(
      (await asStaff('outsider', { method: 'POST', url: R, payload: { id: c.id, keep: 'source' } })).statusCode,
    ).toBe(404);
    const kept = await asStaff('teacher', { method: 'POST', url: R, payload: { id: c.id, keep: 'approved' } });
    expect(kept.json().data.conflictValue).toBeNull();
    await sync('2023-09-01');
    expect(await value()).toBe('2023-08-30');
    const took = await asStaff('teacher', { method: 'POST', url: R, payload: { id: c.id, keep: 'source' } });
    expect(took.statusCode).toBe(200);
    expect(await value()).toBe('2023-09-01');
    const again = await asStaff('teacher', { method: 'POST', url: R, payload: { id: c.id, keep: 'source' } });
    expect(again.json().errorCode).toBe(Codes.oneTableNoConflict);
    // No hold any more: the next sync applies as usual.
    await sync('2023-09-02');
    expect(await value()).toBe('2023-09-02');
  });

  it('write-back: an approved value is queued for the owning SQLite database, written with one UPDATE; failures retry then fail with the reason', async () => {
    const file = path.join(dataDir, 'sources', 'ssgl.sqlite');
    const src = new Sqlite(file);
    src.exec('CREATE TABLE beds (bed_code TEXT, room TEXT, student TEXT)');
    src.prepare('INSERT INTO beds VALUES (?, ?, ?)').run('B1-101-1', '305', STUDENT_NO);
    src.prepare('INSERT INTO beds VALUES (?, ?, ?)').run('B1-101-2', '101', '20230101102');
    src.close();
    const sourceId = await createDataSource(
      app,
      app.db,
      { name: '宿管系统', kind: 'sqlite', config: { file: 'ssgl.sqlite' } },
      null,
    );
    const datasetId = await createDataset(app, app.db, { sourceId, name: '床位', kind: 'table', table: 'beds' }, null);
    const syncId = await createSync(
      app,
      app.db,
      {
        name: '床位同步',
        datasetId,
        tableId,
        mapping: [
          { from: 'bed_code', to: 'bed_id' },
          { from: 'room', to: 'room_no' },
          { from: 'student', to: 'student_no' },
        ],
        mode: 'full',
        key: ['bed_id'],
        deleteMissing: false,
        ownerId: null,
      },
      null,
    );
    const config = { table: 'beds', keyColumn: 'bed_code', keyField: 'bed_id', columns: { room_no: 'room' } };
    const W = '/data/api/v1.sync/writeBack/';
    expect((await asStaff('teacher', { method: 'POST', url: W, payload: { id: syncId, config } })).statusCode).toBe(
      403,
    );
    const badField = await app.injectAs('admin', {
      method: 'POST',
      url: W,
      payload: { id: syncId, config: { ...config, columns: { nope: 'room' } } },
    });
    expect(badField.json().errorCode).toBe(Codes.oneTableWriteBackConfig);
    expect((await app.injectAs('admin', { method: 'POST', url: W, payload: { id: syncId, config } })).statusCode).toBe(
      200,
    );
    expect((await app.injectAs('admin', { method: 'GET', url: `${W}?id=${syncId}` })).json().data).toEqual(config);

    const correct = async (newValue: string) => {
      const mine = await asStudent({ method: 'GET', url: `${P}/myData/` });
      const row = (mine.json().data as MyDataView).groups.find((g) => g.key === 'dorm')!.rows[0]!;
      const sub = await asStudent({
        method: 'POST',
        url: `${P}/correction/submit/`,
        payload: {
          tableCode: 'mj_bed',
          rowId: row.rowId,
          field: 'room_no',
          newValue,
          reason: '调换宿舍',
          evidence: [],
        },
      });
      const id = sub.json().data.id as number;
      const res = await asStaff('teacher', {
        method: 'POST',
        url: `${P}/correction/approve/`,
        payload: { id, answer: '' },
      });
      expect(res.json().data).toMatchObject({ state: 'approved', writeState: 'written', sourceState: 'pending' });
      return id;
    };
    const id = await correct('306');
    expect(await processWriteBacks(app, Date.now())).toBe(1);
    const check = new Sqlite(file, { readonly: true });
    expect(check.prepare('SELECT room FROM beds WHERE bed_code = ?').get('B1-101-1')).toEqual({ room: '306' });
    // Only the mapped column of that one row changed.
    expect(check.prepare('SELECT room FROM beds WHERE bed_code = ?').get('B1-101-2')).toEqual({ room: '101' });
    check.close();
    const mine = await asStudent({ method: 'GET', url: `${P}/correction/mine/` });
    expect((mine.json().data.list as CorrectionItem[]).find((c) => c.id === id)?.sourceState).toBe('written');

    // The owning system lost the row: each try fails with the reason, retried with backoff, then 失败.
    const gone = new Sqlite(file);
    gone.prepare('DELETE FROM beds WHERE bed_code = ?').run('B1-101-1');
    gone.close();
    const id2 = await correct('307');
    let t = Date.now();
    for (let i = 0; i < WRITE_BACK_TRIES; i++) {
      expect(await processWriteBacks(app, t)).toBe(0);
      t += 3_600_000;
    }
    const c2 = await app.db
      .selectFrom('oneTableCorrection')
      .selectAll()
      .where('id', '=', id2)
      .executeTakeFirstOrThrow();
    expect(c2).toMatchObject({ sourceState: 'failed', sourceAttempts: WRITE_BACK_TRIES });
    expect(c2.sourceError).toContain('找不到该记录');
    await app.injectAs('admin', { method: 'POST', url: W, payload: { id: syncId, config: null } });
  });

  it('back office: layouts per audience are validated and saved (administrators only)', async () => {
    const get = await app.injectAs('admin', { method: 'GET', url: `${P}/layout/?audience=staff` });
    expect(get.json().data.groups.length).toBeGreaterThan(0);
    const bad = await app.injectAs('admin', {
      method: 'POST',
      url: `${P}/layout/save/`,
      payload: {
        audience: 'postgraduate',
        groups: [
          {
            key: 'x',
            title: '住宿',
            tableCode: 'mj_bed',
            personField: 'student_no',
            fields: [{ name: 'nope', label: '无', masked: false, correctable: false }],
          },
        ],
      },
    });
    expect(bad.json().errorCode).toBe(Codes.oneTableBadLayout);
    const good = await app.injectAs('admin', {
      method: 'POST',
      url: `${P}/layout/save/`,
      payload: {
        audience: 'postgraduate',
        groups: [
          {
            key: 'dorm',
            title: '宿舍',
            tableCode: 'mj_bed',
            personField: 'student_no',
            fields: [{ name: 'room_no', label: '房间', masked: true, correctable: false }],
          },
        ],
      },
    });
    expect(good.statusCode).toBe(200);
    expect(
      (await app.injectAs('admin', { method: 'GET', url: `${P}/layout/?audience=postgraduate` })).json().data.groups[0]
        .title,
    ).toBe('宿舍');
    expect((await asStudent({ method: 'GET', url: `${P}/layout/?audience=staff` })).statusCode).toBe(403);
    // Per-field process: only a published process of the 数据纠错申请 form (the built-in one exists by now).
    const procs = await app.injectAs('admin', { method: 'GET', url: `${P}/processes/` });
    const builtIn = (procs.json().data as { id: number; builtIn: boolean }[]).find((p) => p.builtIn)!;
    expect(builtIn).toBeDefined();
    expect((await asStudent({ method: 'GET', url: `${P}/processes/` })).statusCode).toBe(403);
    const leave = await app.db.selectFrom('wfProcess').select('id').where('id', '<>', builtIn.id).executeTakeFirst();
    const group = (processId: number) => ({
      audience: 'postgraduate',
      groups: [
        {
          key: 'dorm',
          title: '宿舍',
          tableCode: 'mj_bed',
          personField: 'student_no',
          fields: [{ name: 'room_no', label: '房间', masked: false, correctable: true, processId }],
        },
      ],
    });
    if (leave) {
      const wrong = await app.injectAs('admin', { method: 'POST', url: `${P}/layout/save/`, payload: group(leave.id) });
      expect(wrong.json().errorCode).toBe(Codes.oneTableBadLayout);
    }
    const chosen = await app.injectAs('admin', {
      method: 'POST',
      url: `${P}/layout/save/`,
      payload: group(builtIn.id),
    });
    expect(chosen.statusCode).toBe(200);
  });

  it('demo corrections: one of each state for the fixed student once the tables exist', async () => {
    await app.db.deleteFrom('oneTableCorrection').execute();
    const n = await seedCorrections(app);
    expect(n).toBeGreaterThan(0);
    // Through the engine: the pending one waits on a task, the decided one ended with its instance.
    const rows = await app.db.selectFrom('oneTableCorrection').select(['state', 'instanceId', 'writeState']).execute();
    expect(rows.every((r) => r.instanceId !== null)).toBe(true);
    expect(rows.map((r) => r.state).sort()).toEqual(['approved', 'pending']);
    expect(rows.find((r) => r.state === 'approved')?.writeState).toBe('written');
  });
});
