import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { multipartBody } from '@/server/test/multipart';
import { Codes } from '@/shared/errors';
import type {
  DataTableField,
  DdlPlan,
  ImportResult,
  RowPage,
  TableDesignBody,
  TableDetail,
  TableView,
} from '../contract';
import { remindDuties } from './remind-job';

const TABLE = '/data/api/v1.dataTable';
const ROWS = '/data/api/v1.dataRows';

const field = (
  name: string,
  label: string,
  type: DataTableField['type'],
  extra: Partial<DataTableField> = {},
): DataTableField => ({
  name,
  label,
  type,
  required: false,
  indexed: false,
  visibility: 'all',
  description: '',
  sort: 0,
  ...extra,
});

describe('data table routes', () => {
  let app: TestApp;
  let collegeId: number;
  let otherStaff: string;
  let scopedStaff: string;
  let classId: number;

  beforeAll(async () => {
    app = await buildTestApp();
    staffPlatform = (
      await app.db.selectFrom('platform').select('id').where('name', '=', '教职工服务平台').executeTakeFirstOrThrow()
    ).id;
    const teacher = await app.db
      .selectFrom('appUser')
      .select('departmentId')
      .where('username', '=', 'teacher')
      .executeTakeFirstOrThrow();
    collegeId = teacher.departmentId!;
    // a staff member outside the teacher's college (cannot see its tables)
    const other = await app.db
      .selectFrom('appUser')
      .select(['username', 'departmentId'])
      .where('kind', '=', 'staff')
      .where('departmentId', '<>', collegeId)
      .where('departmentId', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    otherStaff = other.username;
    // a department under another college, and a staff member placed in it (sees rows scoped there)
    const cls = await app.db
      .selectFrom('department')
      .select('id')
      .where('parentId', '=', other.departmentId)
      .orderBy('id')
      .executeTakeFirst();
    classId = cls?.id ?? other.departmentId!;
    scopedStaff = other.username;
  });
  afterAll(async () => {
    await app.close();
  });

  const json = (body: unknown) => ({ payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  let staffPlatform: number;
  const as = (user: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
    app.injectAs(
      user,
      { method, url, ...(body === undefined ? {} : json(body)) },
      user === 'admin' ? null : staffPlatform,
    );
  const data = <T>(res: {
    statusCode: number;
    json: () => { errorCode: string; data: unknown; message: string };
  }): T => {
    const b = res.json();
    if (b.errorCode !== Codes.ok) throw new Error(`${res.statusCode} ${b.errorCode} ${b.message}`);
    return b.data as T;
  };

  const design = (code: string, extra: Partial<TableDesignBody> = {}): TableDesignBody => ({
    code,
    name: `成绩 ${code}`,
    description: '课程成绩',
    fields: [
      field('stu_no', '学号', 'string', { required: true, indexed: true }),
      field('name', '姓名', 'string', { required: true }),
      field('score', '成绩', 'decimal'),
      field('id_card', '身份证号', 'string', { visibility: 'owner' }),
      field('dept_id', '所在部门', 'integer'),
    ],
    uniqueKey: ['stu_no'],
    ownerDepartmentId: collegeId,
    scopeField: 'dept_id',
    reportCycle: 'monthly',
    reportDeadlineDay: 10,
    isPublic: true,
    ...extra,
  });
  const create = async (code: string, extra: Partial<TableDesignBody> = {}) =>
    data<{ id: number; version: number }>(await as('admin', 'POST', `${TABLE}/create/`, design(code, extra)));
  const detail = async (id: number) => data<TableDetail>(await as('admin', 'GET', `${TABLE}/detail/?id=${id}`));
  const saveBody = (d: TableDetail, change: Partial<TableDesignBody> = {}) => ({
    id: d.id,
    version: d.version,
    code: d.code,
    name: d.name,
    description: d.description,
    fields: d.fields,
    uniqueKey: d.uniqueKey,
    ownerDepartmentId: d.ownerDepartmentId,
    scopeField: d.scopeField,
    reportCycle: d.reportCycle,
    reportDeadlineDay: d.reportDeadlineDay,
    isPublic: d.isPublic,
    ...change,
  });
  const addRow = async (id: number, values: Record<string, unknown>, user = 'teacher') =>
    data<Record<string, unknown>>(await as(user, 'POST', `${ROWS}/save/`, { id, values }));

  it('creates a table from the back office; others may not', async () => {
    const t = await create('scores_a');
    expect((await detail(t.id)).fields.map((f) => f.name)).toEqual(['stu_no', 'name', 'score', 'id_card', 'dept_id']);
    const refused = await as('teacher', 'POST', `${TABLE}/create/`, design('scores_z'));
    expect(refused.json().errorCode).toBe(Codes.noPermission);
    const dup = await as('admin', 'POST', `${TABLE}/create/`, design('scores_a'));
    expect(dup.statusCode).toBe(409);
    const badScope = await as('admin', 'POST', `${TABLE}/create/`, design('scores_y', { scopeField: 'name' }));
    expect(badScope.statusCode).toBe(400);
  });

  it('applies design changes as DDL on the live table, asking before data is lost', async () => {
    const t = await create('scores_b');
    await addRow(t.id, { stu_no: 'S1', name: '甲', score: 90, dept_id: classId });
    await addRow(t.id, { stu_no: 'S2', name: '乙', score: 85.5, id_card: 'X' });
    let d = await detail(t.id);

    // add a field, index a field, change a decimal to text: no loss
    const fields1 = [
      ...d.fields.map((f) =>
        f.name === 'name' ? { ...f, indexed: true } : f.name === 'score' ? { ...f, type: 'string' as const } : f,
      ),
      field('remark', '备注', 'text'),
    ];
    const plan1 = data<DdlPlan>(await as('admin', 'POST', `${TABLE}/plan/`, saveBody(d, { fields: fields1 })));
    expect(plan1.losesData).toBe(false);
    expect(plan1.changes.map((c) => c.kind).sort()).toEqual(['addField', 'addIndex', 'changeType']);
    data(await as('admin', 'POST', `${TABLE}/save/`, saveBody(d, { fields: fields1 })));
    d = await detail(t.id);
    expect(d.version).toBe(2);
    let page = data<RowPage>(await as('teacher', 'GET', `${ROWS}/list/?id=${t.id}&sortField=stu_no`));
    expect(page.list.map((r) => [r.stu_no, r.score, r.remark])).toEqual([
      ['S1', '90', null],
      ['S2', '85.5', null],
    ]);

    // a stale designer (old version) is refused
    const stale = await as('admin', 'POST', `${TABLE}/save/`, saveBody({ ...d, version: 1 }));
    expect(stale.statusCode).toBe(409);

    // text → integer loses '85.5'; dropping id_card loses one value: refused until confirmed
    const fields2 = d.fields
      .filter((f) => f.name !== 'id_card')
      .map((f) => (f.name === 'score' ? { ...f, type: 'integer' as const } : f));
    const plan2 = data<DdlPlan>(await as('admin', 'POST', `${TABLE}/plan/`, saveBody(d, { fields: fields2 })));
    expect(plan2.losesData).toBe(true);
    expect(plan2.changes.filter((c) => c.lostRows).map((c) => [c.kind, c.lostRows])).toEqual([
      ['dropField', 1],
      ['changeType', 1],
    ]);
    const unconfirmed = await as('admin', 'POST', `${TABLE}/save/`, saveBody(d, { fields: fields2 }));
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().message).toContain('丢失数据');
    expect((await detail(t.id)).version).toBe(2);
    data(await as('admin', 'POST', `${TABLE}/save/`, { ...saveBody(d, { fields: fields2 }), confirmDataLoss: true }));
    page = data<RowPage>(await as('teacher', 'GET', `${ROWS}/list/?id=${t.id}&sortField=stu_no`));
    expect(page.list.map((r) => [r.stu_no, r.score, 'id_card' in r])).toEqual([
      ['S1', 90, false],
      ['S2', null, false],
    ]);

    // label and visibility changes are definition only, and listed
    d = await detail(t.id);
    const relabel = d.fields.map((f) =>
      f.name === 'name' ? { ...f, label: '学生姓名', visibility: 'owner' as const } : f,
    );
    const plan3 = data<DdlPlan>(await as('admin', 'POST', `${TABLE}/plan/`, saveBody(d, { fields: relabel })));
    expect(plan3.changes.map((c) => c.kind)).toEqual(['meta']);

    // a unique key the data breaks is refused outright; requiring a field with empty rows too
    d = await detail(t.id);
    await addRow(t.id, { stu_no: 'S3', name: '甲' });
    const dupKey = await as('admin', 'POST', `${TABLE}/save/`, {
      ...saveBody(d, { uniqueKey: ['name'] }),
      confirmDataLoss: true,
    });
    expect(dupKey.statusCode).toBe(400);
    expect(dupKey.json().message).toContain('重复');
    const required = await as(
      'admin',
      'POST',
      `${TABLE}/save/`,
      saveBody(d, { fields: d.fields.map((f) => (f.name === 'remark' ? { ...f, required: true } : f)) }),
    );
    expect(required.statusCode).toBe(400);
    const ddl = data<{ sqlText: string }[]>(await as('admin', 'GET', `${TABLE}/ddl/?id=${t.id}`));
    expect(ddl.some((s) => s.sqlText.includes('drop column "id_card"'))).toBe(true);
    expect(ddl.some((s) => s.sqlText.includes('rename column "_tmp_score" to "score"'))).toBe(true);
  });

  it('lets the owning department browse everything, others only their scoped rows and public columns', async () => {
    const t = await create('scores_c');
    await addRow(t.id, { stu_no: 'A1', name: '张三', score: 70, id_card: '110', dept_id: classId });
    await addRow(t.id, { stu_no: 'A2', name: '李四', score: 95, id_card: '220', dept_id: collegeId });
    await addRow(t.id, { stu_no: 'A3', name: '王五', score: 60, dept_id: null });

    const owner = data<RowPage>(await as('teacher', 'GET', `${ROWS}/list/?id=${t.id}`));
    expect(owner.list.map((r) => r.stu_no)).toEqual(['A1', 'A2', 'A3']);
    expect(owner.list[0]).toHaveProperty('id_card', '110');
    expect(owner).toMatchObject({ total: 3, totalExact: true });

    const filtered = data<RowPage>(
      await as(
        'teacher',
        'GET',
        `${ROWS}/list/?id=${t.id}&filters=${encodeURIComponent(JSON.stringify({ name: '李', score: '90~100' }))}`,
      ),
    );
    expect(filtered.list.map((r) => r.stu_no)).toEqual(['A2']);
    const sorted = data<RowPage>(await as('teacher', 'GET', `${ROWS}/list/?id=${t.id}&sortField=score&sortOrder=desc`));
    expect(sorted.list.map((r) => r.stu_no)).toEqual(['A2', 'A1', 'A3']);

    // another department's staff: rows scoped to their department subtree, owner-only columns hidden
    const scoped = data<RowPage>(await as(scopedStaff, 'GET', `${ROWS}/list/?id=${t.id}`));
    expect(scoped.list.map((r) => r.stu_no)).toEqual(['A1']);
    expect(scoped.list[0]).not.toHaveProperty('id_card');
    const view = data<TableView>(await as(scopedStaff, 'GET', `${ROWS}/view/?id=${t.id}`));
    expect(view.canEdit).toBe(false);
    expect(view.fields.map((f) => f.name)).not.toContain('id_card');
    const byHidden = await as(
      scopedStaff,
      'GET',
      `${ROWS}/list/?id=${t.id}&filters=${encodeURIComponent(JSON.stringify({ id_card: '110' }))}`,
    );
    expect(byHidden.statusCode).toBe(400);
    const edit = await as(scopedStaff, 'POST', `${ROWS}/save/`, { id: t.id, values: { stu_no: 'X', name: 'x' } });
    expect(edit.statusCode).toBe(403);
    const exported = await as(scopedStaff, 'GET', `${ROWS}/export/?id=${t.id}`);
    expect(exported.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, '学号', '姓名', '成绩', '所在部门']);
    expect(sheet.rowCount).toBe(2);

    // without a scope field, the other department sees nothing of the table
    const unscoped = await create('scores_d', { scopeField: null });
    expect((await as(otherStaff, 'GET', `${ROWS}/list/?id=${unscoped.id}`)).statusCode).toBe(403);
    const mine = data<{ list: { id: number }[] }>(await as(otherStaff, 'GET', `${ROWS}/tables/?page=1&pageSize=50`));
    expect(mine.list.map((x) => x.id)).not.toContain(unscoped.id);
    // students have no data centre at all
    expect((await app.injectAs('student', { method: 'GET', url: `${ROWS}/list/?id=${t.id}` })).json().errorCode).toBe(
      Codes.noPermission,
    );
  });

  it('refuses a stale edit, records every change and restores a previous value', async () => {
    const t = await create('scores_e');
    const row = await addRow(t.id, { stu_no: 'E1', name: '原名', score: 60 });
    const v1 = row._version as number;
    const saved = data<Record<string, unknown>>(
      await as('teacher', 'POST', `${ROWS}/save/`, { id: t.id, rowId: row._id, version: v1, values: { score: 75 } }),
    );
    expect(saved._version).toBe(v1 + 1);
    // a second editor still holding version 1
    const stale = await as('teacher', 'POST', `${ROWS}/save/`, {
      id: t.id,
      rowId: row._id,
      version: v1,
      values: { score: 99 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('已被他人修改');
    const invalid = await as('teacher', 'POST', `${ROWS}/save/`, {
      id: t.id,
      rowId: row._id,
      version: v1 + 1,
      values: { score: 'abc' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toContain('成绩');
    const dupKey = await as('teacher', 'POST', `${ROWS}/save/`, { id: t.id, values: { stu_no: 'E1', name: '重复' } });
    expect(dupKey.statusCode).toBe(409);

    const changes = data<{
      list: {
        id: number;
        action: string;
        before: Record<string, unknown> | null;
        after: Record<string, unknown> | null;
        actorName: string;
      }[];
    }>(await as('teacher', 'GET', `${ROWS}/changes/?id=${t.id}&rowId=${row._id as number}`));
    expect(changes.list.map((c) => c.action)).toEqual(['update', 'insert']);
    expect(changes.list[0]).toMatchObject({ before: { score: 60 }, after: { score: 75 }, actorName: '王建国' });
    const updates = data<{ total: number }>(
      await as('teacher', 'GET', `${ROWS}/changes/?id=${t.id}&action=update&actor=${encodeURIComponent('王建')}`),
    );
    expect(updates.total).toBe(1);
    expect((await as(scopedStaff, 'GET', `${ROWS}/changes/?id=${t.id}`)).statusCode).toBe(403);

    const restored = data<Record<string, unknown>>(
      await as('teacher', 'POST', `${ROWS}/restore/`, { id: t.id, changeId: changes.list[0]!.id }),
    );
    expect(restored.score).toBe(60);
    const after = data<{ list: { action: string }[] }>(await as('teacher', 'GET', `${ROWS}/changes/?id=${t.id}`));
    expect(after.list[0]!.action).toBe('restore');

    // delete with the current version, then restore the deleted row
    const current = data<RowPage>(await as('teacher', 'GET', `${ROWS}/list/?id=${t.id}`)).list[0]!;
    data(await as('teacher', 'POST', `${ROWS}/delete/`, { id: t.id, rowId: current._id, version: current._version }));
    expect(data<RowPage>(await as('teacher', 'GET', `${ROWS}/list/?id=${t.id}`)).total).toBe(0);
    const del = data<{ list: { id: number; action: string }[] }>(
      await as('teacher', 'GET', `${ROWS}/changes/?id=${t.id}&action=delete`),
    );
    data(await as('teacher', 'POST', `${ROWS}/restore/`, { id: t.id, changeId: del.list[0]!.id }));
    expect(
      data<RowPage>(await as('teacher', 'GET', `${ROWS}/list/?id=${t.id}`)).list.map((r) => [r.stu_no, r.score]),
    ).toEqual([['E1', 60]]);
  });

  it('imports good rows and reports bad ones (0x00000106), exports what it holds', async () => {
    const t = await create('scores_f');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('成绩');
    ws.addRow(['学号', '姓名', '成绩', '不认识的列']);
    ws.addRow(['F1', '一', '88', 'x']);
    ws.addRow(['F2', '', '77', '']);
    ws.addRow(['F3', '三', '很好', '']);
    ws.addRow(['F4', '四', '66.5', '']);
    const content = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await app.injectAs('admin', {
      method: 'POST',
      url: `${TABLE}/import/?id=${t.id}`,
      ...multipartBody({ filename: 'a.xlsx', content }),
    });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { errorCode: string; message: string; data: ImportResult };
    expect(body.errorCode).toBe(Codes.partialImportError);
    expect(body.data.inserted).toBe(2);
    expect(body.data.errors).toEqual([
      { row: 3, field: '姓名', message: '不能为空' },
      { row: 4, field: '成绩', message: '应为数字' },
    ]);
    const rows = data<RowPage>(await as('teacher', 'GET', `${ROWS}/list/?id=${t.id}`));
    expect(rows.list.map((r) => r.stu_no)).toEqual(['F1', 'F4']);
    const changes = await app.db.selectFrom('dataTableChange').select('source').where('tableId', '=', t.id).execute();
    expect(changes.map((c) => c.source)).toEqual(['import', 'import']);

    const notSheet = await app.injectAs('admin', {
      method: 'POST',
      url: `${TABLE}/import/?id=${t.id}`,
      ...multipartBody({ filename: 'a.xlsx', content: Buffer.from('hello') }),
    });
    expect(notSheet.json().errorCode).toBe(Codes.importError);

    const exp = await as('admin', 'GET', `${TABLE}/export/?id=${t.id}`);
    expect(exp.headers['content-type']).toContain('spreadsheetml');
    const out = new ExcelJS.Workbook();
    await out.xlsx.load(exp.rawPayload as unknown as ArrayBuffer);
    expect(out.worksheets[0]!.getRow(2).values).toEqual([undefined, 'F1', '一', 88]);
  });

  it('lists public tables in the catalogue without a token, fields but no data', async () => {
    await create('scores_g', { name: '公开成绩目录', isPublic: true });
    await create('scores_h', { name: '内部成绩', isPublic: false });
    const res = await app.inject({
      method: 'GET',
      url: `/data/api/v1.dataService/list/?keyword=${encodeURIComponent('成绩目录')}`,
    });
    const page = data<{ list: { name: string; fields: { name: string }[] }[]; total: number }>(res);
    expect(page.list.map((x) => x.name)).toEqual(['公开成绩目录']);
    expect(page.list[0]!.fields.map((f) => f.name)).toEqual(['stu_no', 'name', 'score', 'dept_id']);
    const all = data<{ list: { name: string }[] }>(
      await app.inject({ method: 'GET', url: '/data/api/v1.dataService/list/?pageSize=200' }),
    );
    expect(all.list.map((x) => x.name)).not.toContain('内部成绩');
  });

  it('shows reporting duties, takes the confirmation and reminds the owners once a period', async () => {
    const t = await create('scores_i', { reportCycle: 'weekly', reportDeadlineDay: 1 });
    const duties = data<{ tableId: number; status: string }[]>(
      await as('teacher', 'GET', '/data/api/v1.dataReporting/list/'),
    );
    const duty = duties.find((d) => d.tableId === t.id)!;
    expect(['ok', 'dueSoon', 'overdue']).toContain(duty.status);
    expect((await as(otherStaff, 'GET', '/data/api/v1.dataReporting/list/')).json().data ?? []).not.toContainEqual(
      expect.objectContaining({ tableId: t.id }),
    );

    // a week later past the deadline day, nobody confirmed: overdue, one reminder
    const later = Date.now() + 8 * 86_400_000;
    const sent = await remindDuties(app, later);
    expect(sent).toBeGreaterThan(0);
    expect(await remindDuties(app, later + 3600_000)).toBe(0);
    const teacher = await app.db
      .selectFrom('appUser')
      .select('id')
      .where('username', '=', 'teacher')
      .executeTakeFirstOrThrow();
    const msgs = await app.db
      .selectFrom('message')
      .select('title')
      .where('userId', '=', teacher.id)
      .where('kind', '=', 'urge')
      .execute();
    expect(msgs.some((m) => m.title.includes('scores_i'))).toBe(true);

    data(await as('teacher', 'POST', '/data/api/v1.dataReporting/report/', { id: t.id }));
    const after = data<{ tableId: number; status: string; lastReportedBy: string }[]>(
      await as('teacher', 'GET', '/data/api/v1.dataReporting/list/'),
    );
    expect(after.find((d) => d.tableId === t.id)).toMatchObject({ status: 'ok', lastReportedBy: '王建国' });
    expect((await as(otherStaff, 'POST', '/data/api/v1.dataReporting/report/', { id: t.id })).statusCode).toBe(403);
  });
});
