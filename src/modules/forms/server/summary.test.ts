import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestUser, type TestApp } from '@/server/test/helper';
import { userPlatforms } from '@/server/identity/menus';
import { Codes } from '@/shared/errors';
import type { SummaryForm, SummaryPage } from '../contract';
import * as repo from './repository';
import { summaryExport } from './service';
import { expectOk, publishedForm, submit, SUMMARY, testSchema } from './test-support';
import { valueRows } from './value-index';

/** The rows of the first sheet of an xlsx answer, as text. */
async function sheetRows(payload: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(payload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0]!.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
  });
  return rows;
}

describe('form summaries', () => {
  let app: TestApp;
  let formId: number;
  const ids: Record<string, number> = {};
  // The teacher belongs to two platforms: a session must have chosen one to hold its menu.
  let teacherPlatform: number;
  const as = (who: string, opts: Parameters<TestApp['injectAs']>[1]) =>
    app.injectAs(who, opts, who === 'teacher' ? teacherPlatform : null);
  beforeAll(async () => {
    app = await buildTestApp();
    const teacher = await app.db
      .selectFrom('appUser')
      .select('id')
      .where('username', '=', 'teacher')
      .executeTakeFirstOrThrow();
    teacherPlatform = (await userPlatforms(app.db, teacher.id))[0]!.id;
    await createTestUser(app, { username: 'stranger', password: 'Stranger@2026' });
    formId = await publishedForm(app, { name: '汇总测试', managers: ['teacher'] });
    const rows: [string, string, Record<string, unknown>][] = [
      [
        'a',
        'student',
        {
          name: 'Alice 张',
          kind: 'sick',
          days: 2,
          amount: 10,
          tags: ['urgent'],
          start: '2026-03-01',
          at: '2026-03-01 08:00:00',
          period: '2026-03-01至2026-03-02',
        },
      ],
      [
        'b',
        'teacher',
        {
          name: '王五',
          kind: 'personal',
          reason: '回家',
          days: 5,
          amount: 99.5,
          tags: ['away', 'urgent'],
          start: '2026-03-10',
          at: '2026-03-10 23:30:00',
        },
      ],
      ['c', 'student', { name: 'alice 李', kind: 'sick', days: 10, start: '2026-04-01', at: '2026-04-01 00:00:00' }],
      ['d', 'admin', { name: '赵六', kind: 'personal', reason: '比赛', days: 1, tags: ['away'] }],
    ];
    for (const [key, who, values] of rows)
      ids[key] = ((await expectOk(await submit(app, who, formId, values))) as { id: number }).id;
  });
  afterAll(async () => {
    await app.close();
  });

  const list = (who: string, q: string) => as(who, { method: 'GET', url: `${SUMMARY}/list/?formId=${formId}&${q}` });
  const idsOf = async (q: Record<string, unknown>, extra = '') => {
    const page = (await expectOk(
      await list('admin', `filters=${encodeURIComponent(JSON.stringify(q))}${extra}`),
    )) as SummaryPage;
    return page.list.map((r) => r.id);
  };

  it("lets administrators and the form's managers read it, and nobody else", async () => {
    for (const who of ['admin', 'teacher'])
      expect(((await expectOk(await list(who, ''))) as SummaryPage).total).toBe(4);
    const student = await list('student', '');
    expect(student.statusCode).toBe(403);
    expect(student.json().errorCode).toBe(Codes.noPermission);
    // Without a summary menu at all, the route itself refuses.
    expect((await list('stranger', '')).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: `${SUMMARY}/list/?formId=${formId}` })).statusCode).toBe(401);
    expect(
      (await app.injectAs('student', { method: 'GET', url: `${SUMMARY}/export/?formId=${formId}` })).statusCode,
    ).toBe(403);
    expect((await app.injectAs('admin', { method: 'GET', url: `${SUMMARY}/list/?formId=999999` })).statusCode).toBe(
      404,
    );
  });

  it('lists the forms a user may summarise: managed ones, or all for administrators', async () => {
    const teacher = (await expectOk(await as('teacher', { method: 'GET', url: `${SUMMARY}/forms/` }))) as {
      list: SummaryForm[];
    };
    const mine = teacher.list.find((f) => f.id === formId);
    expect(mine).toMatchObject({ name: '汇总测试', submissionCount: 4 });
    expect(mine!.lastSubmittedAt).toBeGreaterThan(0);
    // 表单汇总 is not on the students' menu: the server refuses the page's call outright.
    const student = await app.injectAs('student', { method: 'GET', url: `${SUMMARY}/forms/` });
    expect(student.json().errorCode).toBe('0x00000010');
    const all = (await expectOk(
      await app.injectAs('admin', {
        method: 'GET',
        url: `${SUMMARY}/forms/?pageSize=200&keyword=${encodeURIComponent('汇总')}`,
      }),
    )) as { list: SummaryForm[] };
    expect(all.list.map((f) => f.id)).toContain(formId);
  });

  it("answers the newest version's value fields as columns and pages newest first", async () => {
    const page = (await expectOk(await list('teacher', 'page=1&pageSize=3'))) as SummaryPage;
    expect(page.columns.map((c) => c.id)).toEqual(
      testSchema()
        .sections[0]!.fields.filter((f) => f.type !== 'richText')
        .map((f) => f.id),
    );
    expect(page.columns[0]).toMatchObject({
      id: 'name',
      label: '姓名',
      type: 'text',
      field: { id: 'name', type: 'text', label: '姓名' },
    });
    expect(page.list.map((r) => r.id)).toEqual([ids.d, ids.c, ids.b]);
    expect(page.total).toBe(4);
    expect(page.list[2]!.values).toMatchObject({ name: '王五', reason: '回家' });
    expect(page.list[2]!.submitter).toMatchObject({ name: '王建国', userNo: '20080001' });
    const second = (await expectOk(await list('teacher', 'page=2&pageSize=3'))) as SummaryPage;
    expect(second.list.map((r) => r.id)).toEqual([ids.a]);
  });

  it('filters by text (contains, any case), option, number and date ranges, and submission time', async () => {
    expect(await idsOf({ name: 'ALICE' })).toEqual([ids.c, ids.a]);
    expect(await idsOf({ name: '王' })).toEqual([ids.b]);
    expect(await idsOf({ name: '100%_' })).toEqual([]);
    expect(await idsOf({ kind: 'personal' })).toEqual([ids.d, ids.b]);
    expect(await idsOf({ tags: 'urgent' })).toEqual([ids.b, ids.a]);
    expect(await idsOf({ days: { min: 2, max: 5 } })).toEqual([ids.b, ids.a]);
    expect(await idsOf({ days: { min: '6' } })).toEqual([ids.c]);
    expect(await idsOf({ amount: { max: 50 } })).toEqual([ids.a]);
    expect(await idsOf({ start: { min: '2026-03-01', max: '2026-03-31' } })).toEqual([ids.b, ids.a]);
    // A date-only upper bound of a date-time field covers that whole day.
    expect(await idsOf({ at: { max: '2026-03-10' } })).toEqual([ids.b, ids.a]);
    expect(await idsOf({ at: { min: '2026-03-10 23:30:01' } })).toEqual([ids.c]);
    expect(await idsOf({ period: '2026-03-01' })).toEqual([ids.a]);
    expect(await idsOf({ kind: 'sick', name: 'alice', days: { min: 3 } })).toEqual([ids.c]);
    expect(await idsOf({ name: '' })).toHaveLength(4);
    const at = await app.db
      .selectFrom('formSubmission')
      .select('submittedAt')
      .where('id', '=', ids.c!)
      .executeTakeFirstOrThrow();
    expect(await idsOf({}, `&submittedFrom=${at.submittedAt}`)).toEqual([ids.d, ids.c]);
    expect(await idsOf({}, `&submittedTo=${at.submittedAt - 1}`)).toEqual([ids.b, ids.a]);
  });

  it('refuses bad filters with a message naming the problem', async () => {
    const bad = async (filters: string) => {
      const res = await list('admin', `filters=${encodeURIComponent(filters)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().errorCode).toBe(Codes.inputError);
      return res.json().message as string;
    };
    expect(await bad('{oops')).toBe('筛选条件格式有误（须为 JSON 对象）');
    expect(await bad('[1]')).toBe('筛选条件格式有误（须为 JSON 对象）');
    expect(await bad('{"nope":"x"}')).toBe('筛选字段不存在：nope');
    expect(await bad('{"proof":"x"}')).toBe('「证明」不支持筛选');
    expect(await bad('{"name":{"min":1}}')).toBe('「姓名」的筛选条件须为文字');
    expect(await bad('{"days":"3"}')).toBe('「天数」的筛选条件须为范围 { min, max }');
    expect(await bad('{"days":{"min":"x"}}')).toBe('「天数」的筛选范围须为数字');
    expect(await bad('{"days":{"min":5,"max":1}}')).toBe('「天数」的筛选范围下限不能大于上限');
    expect(await bad('{"start":{"min":"2026-13-01"}}')).toBe('「开始日期」的筛选范围须为日期（YYYY-MM-DD）');
  });

  it('exports the filtered rows as xlsx: a column per field with its display text, then submitter, number, time, version', async () => {
    const res = await as('teacher', {
      method: 'GET',
      url: `${SUMMARY}/export/?formId=${formId}&filters=${encodeURIComponent(JSON.stringify({ tags: 'urgent' }))}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('汇总测试-汇总-');
    const rows = await sheetRows(res.rawPayload);
    const labels = testSchema()
      .sections[0]!.fields.filter((f) => f.type !== 'richText')
      .map((f) => f.label);
    expect(rows[0]).toEqual([...labels, '提交人', '学工号', '提交时间', '版本']);
    expect(rows).toHaveLength(3);
    const col = (label: string) => rows[0]!.indexOf(label);
    const b = rows[1]!;
    expect(b[col('姓名')]).toBe('王五');
    expect(b[col('类型')]).toBe('事假');
    expect(b[col('标签')]).toBe('离校、紧急');
    expect(b[col('金额')]).toBe('99.50');
    expect(b[col('提交人')]).toBe('王建国');
    expect(b[col('学工号')]).toBe('20080001');
    expect(b[col('提交时间')]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(b[col('版本')]).toBe('v1');
    expect(rows[2]![col('姓名')]).toBe('Alice 张');
    expect(
      await app.db
        .selectFrom('auditLog')
        .select('id')
        .where('action', '=', 'form_summary_exported')
        .where('target', '=', `form:${formId}`)
        .executeTakeFirst(),
    ).toBeTruthy();
  });
});

describe('summary export of thousands of rows', () => {
  let app: TestApp;
  let formId: number;
  const N = 2500;
  beforeAll(async () => {
    app = await buildTestApp();
    formId = await publishedForm(app, { name: '大量提交' });
    const schema = testSchema();
    // Inserted directly (the submit route is tested elsewhere); many rows share a time, so the keyset's tie-break on id matters.
    const base = Date.now() - N * 1000;
    await app.db.transaction().execute(async (trx) => {
      for (let i = 0; i < N; i++) {
        const values = { name: `第${i}份`, kind: i % 2 ? 'sick' : 'personal', days: (i % 30) + 1 };
        await repo.insertSubmission(
          trx,
          {
            formId,
            version: 1,
            submitterId: null,
            submitterName: '匿名',
            submitterNo: '',
            values: JSON.stringify(values),
            submittedAt: base + Math.floor(i / 7) * 1000,
            ip: null,
          },
          valueRows(schema, values),
        );
      }
    });
  }, 120_000);
  afterAll(async () => {
    await app.close();
  });

  it('exports every row once, newest first, across keyset pages', async () => {
    const res = await app.injectAs('admin', { method: 'GET', url: `${SUMMARY}/export/?formId=${formId}` });
    expect(res.statusCode).toBe(200);
    const rows = await sheetRows(res.rawPayload);
    expect(rows).toHaveLength(N + 1);
    const names = rows.slice(1).map((r) => r[0]);
    expect(new Set(names).size).toBe(N);
    expect(names[0]).toBe(`第${N - 1}份`);
    expect(names[N - 1]).toBe('第0份');
    const filtered = await sheetRows(
      (
        await app.injectAs('admin', {
          method: 'GET',
          url: `${SUMMARY}/export/?formId=${formId}&filters=${encodeURIComponent('{"days":{"max":1}}')}`,
        })
      ).rawPayload,
    );
    expect(filtered).toHaveLength(1 + Math.ceil(N / 30));
  });

  it('reads the rows a page at a time while they are written, not all before', async () => {
    const auth = {
      tokenHash: '',
      userId: 1,
      username: 'admin',
      realName: '系统管理员',
      isAdmin: true,
      platformId: null,
    };
    const { rows } = await summaryExport(
      app,
      auth,
      { userId: 1, username: 'admin', realName: '系统管理员', ip: '127.0.0.1' },
      { formId, page: 1, pageSize: 20 },
      100,
    );
    const it = rows[Symbol.asyncIterator]();
    const first = await it.next();
    expect(first.done).toBe(false);
    // A row that sorts last, added after the export began, is still met: later pages are read later.
    const late = { name: '迟到的', kind: 'sick' };
    await repo.insertSubmission(
      app.db,
      {
        formId,
        version: 1,
        submitterId: null,
        submitterName: '匿名',
        submitterNo: '',
        values: JSON.stringify(late),
        submittedAt: 1,
        ip: null,
      },
      valueRows(testSchema(), late),
    );
    let count = 1;
    let last: repo.SummaryRow | null = null;
    for (let r = await it.next(); !r.done; r = await it.next()) {
      count++;
      last = r.value;
    }
    expect(count).toBe(N + 1);
    expect(JSON.parse(last!.values).name).toBe('迟到的');
  });
});
