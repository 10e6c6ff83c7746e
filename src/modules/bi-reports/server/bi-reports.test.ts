import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import { createDataTable } from '@/modules/data-tables/server/commands/create-data-table';
import { writeRows } from '@/modules/data-tables/server/commands/write-rows';
import type { DataFieldType } from '@/modules/data-tables/server/commands/get-data-table';
import type { ReportBody, ReportDesign, ReportItem, RunResult, RunRow } from '../contract';

/*
 * Reports over a small data table made through data-tables' commands: nested groups with subtotals
 * and the grand total against hand-computed numbers (a distinct count's subtotal is not the sum of its
 * rows), pagination of the groups, parameters (bound, checked against the field's type), refusals,
 * states, the audience, and the Excel and PDF exports.
 */
let app: TestApp;
let staffPlatform: number;
let staffRole: number;
let counsellorRole: number;
const at = (date: string, time = '10:00') => Date.parse(`${date}T${time}:00+08:00`);
const INJECTION = "x' or '1'='1";

function field(name: string, type: DataFieldType) {
  return {
    name,
    label: `${name}标签`,
    type,
    required: false,
    indexed: false,
    visibility: 'all' as const,
    description: '',
    sort: 0,
  };
}

const ROWS = [
  { id: 1, college: 'A', major: 'a1', holder: 'h1', score: 80, fee: 10.5, day: '2026-01-05', at: at('2026-01-05') },
  { id: 2, college: 'A', major: 'a1', holder: 'h2', score: 90, fee: 20, day: '2026-01-20', at: at('2026-01-20') },
  { id: 3, college: 'A', major: 'a2', holder: 'h1', score: 70, fee: 5, day: '2026-02-03', at: at('2026-02-03') },
  { id: 4, college: 'B', major: 'b1', holder: 'h3', score: 60, fee: 7.5, day: '2026-02-10', at: at('2026-02-10') },
  // 00:30 on 1 March in Beijing is still February in UTC: the month must be March.
  {
    id: 5,
    college: 'B',
    major: 'b1',
    holder: 'h3',
    score: 100,
    fee: 2.5,
    day: '2026-03-01',
    at: at('2026-03-01', '00:30'),
  },
  { id: 6, college: 'C', major: null, holder: INJECTION, score: 50, fee: 1, day: '2026-03-15', at: at('2026-03-15') },
];

const design = (over: Partial<ReportDesign> = {}): ReportDesign => ({
  table: 'rpt_test',
  groups: [{ field: 'college', label: '学院', grain: null }],
  columns: [
    { field: 'major', aggregation: null, label: '专业', decimals: 0, thousands: false },
    { field: null, aggregation: 'count', label: '人次', decimals: 0, thousands: true },
    { field: 'holder', aggregation: 'countDistinct', label: '人数', decimals: 0, thousands: true },
    { field: 'score', aggregation: 'sum', label: '总分', decimals: 0, thousands: true },
    { field: 'fee', aggregation: 'avg', label: '平均费用', decimals: 2, thousands: false },
  ],
  params: [
    { name: 'college', label: '学院', field: 'college', op: 'eq', defaultValue: '', required: false },
    { name: 'holder', label: '持有人', field: 'holder', op: 'eq', defaultValue: '', required: false },
    { name: 'who', label: '持有人包含', field: 'holder', op: 'contains', defaultValue: '', required: false },
    { name: 'day', label: '日期', field: 'day', op: 'range', defaultValue: ['', ''], required: false },
    { name: 'at', label: '时间', field: 'at', op: 'range', defaultValue: ['', ''], required: false },
    { name: 'score', label: '分数', field: 'score', op: 'in', defaultValue: [], required: false },
  ],
  sort: { column: -1, desc: false },
  showTotal: true,
  ...over,
});

const admin = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  app.injectAs('admin', { method, url, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
const asUser = (username: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  app.injectAs(
    username,
    { method, url, ...(payload ? { payload: payload as Record<string, unknown> } : {}) },
    staffPlatform,
  );

async function preview(d: ReportDesign, params: Record<string, unknown> = {}, page = 1, pageSize = 20) {
  const r = await admin('POST', '/bi/api/v1.report/preview/', { design: d, params, page, pageSize });
  return r;
}
async function run(d: ReportDesign, params: Record<string, unknown> = {}, page = 1, pageSize = 20): Promise<RunResult> {
  const r = await preview(d, params, page, pageSize);
  expect(r.statusCode, r.body).toBe(200);
  return (r.json() as { data: RunResult }).data;
}
const totalOf = (res: RunResult) => res.rows.find((x) => x.type === 'total')!.cells;
const brief = (rows: RunRow[]) => rows.map((x) => [x.type, ...x.cells]);

async function saved(body: Partial<ReportBody> = {}): Promise<number> {
  const r = await admin('POST', '/bi/api/v1.report/save/', {
    name: '测试报表',
    description: '',
    isTemplate: false,
    design: design(),
    ...body,
  });
  expect(r.statusCode, r.body).toBe(200);
  return (r.json() as { data: { id: number } }).data.id;
}

beforeAll(async () => {
  app = await buildTestApp();
  staffPlatform = (
    await app.db.selectFrom('platform').select('id').where('name', '=', '教职工服务平台').executeTakeFirstOrThrow()
  ).id;
  staffRole = (await app.db.selectFrom('role').select('id').where('code', '=', 'staff').executeTakeFirstOrThrow()).id;
  counsellorRole = (
    await app.db.selectFrom('role').select('id').where('code', '=', 'counsellor').executeTakeFirstOrThrow()
  ).id;
  const def = await createDataTable(
    app,
    app.db,
    {
      code: 'rpt_test',
      name: '报表测试',
      description: '',
      fields: [
        field('id', 'integer'),
        field('college', 'string'),
        field('major', 'string'),
        field('holder', 'string'),
        field('score', 'integer'),
        field('fee', 'decimal'),
        field('day', 'date'),
        field('at', 'datetime'),
      ],
      uniqueKey: ['id'],
      ownerDepartmentId: null,
      scopeField: null,
    },
    null,
  );
  await writeRows(app, app.db, def.id, ROWS, { actorId: null, source: 'import' });
});

afterAll(async () => {
  await app?.close();
});

describe('grouping, subtotals and the total', () => {
  it('nests rows under group headers with subtotals aggregated at their own level', async () => {
    const res = await run(design());
    expect(res.columns.map((c) => c.label)).toEqual(['学院', '专业', '人次', '人数', '总分', '平均费用']);
    expect(res.totalGroups).toBe(3);
    const avgA = (10.5 + 20 + 5) / 3;
    expect(brief(res.rows)).toEqual([
      ['header', '学院：A', null, null, null, null, null],
      ['row', '', 'a1', 2, 2, 170, 15.25],
      ['row', '', 'a2', 1, 1, 70, 5],
      // h1 holds two of A's rows: the distinct count of A is 2, not 1 + 2.
      ['subtotal', 'A 小计', '', 3, 2, 240, Math.round(avgA * 1e6) / 1e6],
      ['header', '学院：B', null, null, null, null, null],
      ['row', '', 'b1', 2, 1, 160, 5],
      ['subtotal', 'B 小计', '', 2, 1, 160, 5],
      ['header', '学院：C', null, null, null, null, null],
      ['row', '', '（空）', 1, 1, 50, 1],
      ['subtotal', 'C 小计', '', 1, 1, 50, 1],
      ['total', '合计', '', 6, 4, 450, 7.75],
    ]);
  });

  it('pages the top-level groups in SQL, the total on every page', async () => {
    const p1 = await run(design(), {}, 1, 2);
    expect(p1.rows.filter((x) => x.type === 'header').map((x) => x.cells[0])).toEqual(['学院：A', '学院：B']);
    const p2 = await run(design(), {}, 2, 2);
    expect(p2.rows.filter((x) => x.type === 'header').map((x) => x.cells[0])).toEqual(['学院：C']);
    expect(totalOf(p2).slice(2)).toEqual([6, 4, 450, 7.75]);
  });

  it('sorts the groups by a measure, and buckets a datetime by China-time month', async () => {
    const bySum = await run(design({ sort: { column: 3, desc: true } }));
    expect(bySum.rows.filter((x) => x.type === 'subtotal').map((x) => x.cells[0])).toEqual([
      'A 小计',
      'B 小计',
      'C 小计',
    ]);
    const byCount = await run(design({ sort: { column: 1, desc: false } }));
    expect(byCount.rows.filter((x) => x.type === 'subtotal').map((x) => x.cells[0])).toEqual([
      'C 小计',
      'B 小计',
      'A 小计',
    ]);
    const months = await run(
      design({
        groups: [{ field: 'at', label: '月份', grain: 'month' }],
        columns: [{ field: null, aggregation: 'count', label: '人次', decimals: 0, thousands: false }],
      }),
    );
    expect(brief(months.rows)).toEqual([
      ['row', '2026-01', 2],
      ['row', '2026-02', 2],
      ['row', '2026-03', 2],
      ['total', '合计', 6],
    ]);
  });

  it('nests two groups: each level has its header and subtotal', async () => {
    const res = await run(
      design({
        groups: [
          { field: 'college', label: '学院', grain: null },
          { field: 'major', label: '专业', grain: null },
        ],
        columns: [
          { field: 'holder', aggregation: null, label: '持有人', decimals: 0, thousands: false },
          { field: 'score', aggregation: 'sum', label: '总分', decimals: 0, thousands: false },
        ],
      }),
      { college: 'A' },
    );
    expect(brief(res.rows)).toEqual([
      ['header', '学院：A', null, null, null],
      ['header', null, '专业：a1', null, null],
      ['row', '', '', 'h1', 80],
      ['row', '', '', 'h2', 90],
      ['subtotal', '', 'a1 小计', '', 170],
      ['header', null, '专业：a2', null, null],
      ['row', '', '', 'h1', 70],
      ['subtotal', '', 'a2 小计', '', 70],
      ['subtotal', 'A 小计', '', '', 240],
      ['total', '合计', '', '', 240],
    ]);
  });
});

describe('parameters', () => {
  it('binds values: an injection-looking value is only text, a % only a character', async () => {
    const inj = await run(design(), { holder: INJECTION });
    expect(totalOf(inj).slice(2)).toEqual([1, 1, 50, 1]);
    const none = await run(design(), { holder: "h1' or 1=1 --" });
    expect(totalOf(none).slice(2, 4)).toEqual([0, 0]);
    const pct = await run(design(), { who: '%' });
    expect(totalOf(pct)[2]).toBe(0);
    const part = await run(design(), { who: "or '1" });
    expect(totalOf(part)[2]).toBe(1);
  });

  it('applies ranges on dates (inclusive) and datetimes (China days), lists, and reports them as used', async () => {
    const feb = await run(design(), { day: ['2026-02-01', '2026-02-28'] });
    expect(totalOf(feb)[2]).toBe(2);
    const febAt = await run(design(), { at: ['2026-02-01', '2026-02-28'] });
    expect(totalOf(febAt)[2]).toBe(2);
    const open = await run(design(), { at: ['2026-03-01', ''] });
    expect(totalOf(open)[2]).toBe(2);
    const list = await run(design(), { score: ['80', '100'] });
    expect(totalOf(list)[2]).toBe(2);
    expect(list.params).toContainEqual({ label: '分数', text: '80、100' });
    expect(list.params).toContainEqual({ label: '学院', text: '全部' });
  });

  it('refuses a value that does not fit the field, an unknown parameter and a missing required one', async () => {
    for (const params of [
      { day: ['2026-13-01', ''] },
      { day: ['2026-03-01', '2026-02-01'] },
      { score: ['abc'] },
      { day: '2026-01-01' },
      { nosuch: 'x' },
    ]) {
      const r = await preview(design(), params);
      expect(r.statusCode, JSON.stringify(params)).toBe(400);
      expect(r.json().errorCode).toBe(Codes.biReportBadParam);
    }
    const d = design();
    d.params[0]!.required = true;
    const r = await preview(d, {});
    expect(r.json().errorCode).toBe(Codes.biReportBadParam);
    expect(r.json().message).toContain('学院');
  });
});

describe('design refusals', () => {
  it('refuses an unknown table or field, a measure that does not fit, and a design without measures', async () => {
    const cases: [ReportDesign, string][] = [
      [design({ table: 'no_such_table' }), Codes.biReportUnknownTable],
      [design({ groups: [{ field: 'nosuch', label: 'x', grain: null }] }), Codes.biReportUnknownField],
      [
        design({ columns: [{ field: 'holder', aggregation: 'sum', label: '和', decimals: 0, thousands: false }] }),
        Codes.biReportBadDesign,
      ],
      [
        design({ columns: [{ field: 'major', aggregation: null, label: '专业', decimals: 0, thousands: false }] }),
        Codes.biReportBadDesign,
      ],
      [design({ groups: [{ field: 'college', label: '学院', grain: 'month' }] }), Codes.biReportBadDesign],
      [design({ sort: { column: 0, desc: false } }), Codes.biReportBadDesign],
    ];
    for (const [d, code] of cases) {
      const r = await preview(d);
      expect([r.statusCode, r.json().errorCode], JSON.stringify(d.groups) + JSON.stringify(d.columns)).toEqual([
        400,
        code,
      ]);
    }
    // A field name that would be SQL never passes the schema.
    const bad = await preview(design({ groups: [{ field: 'college"; drop table x; --', label: 'x', grain: null }] }));
    expect(bad.statusCode).toBe(400);
  });
});

describe('states, audience and exports', () => {
  it('keeps the states: publish, no edit while published, deactivate, delete only drafts, copy to a draft', async () => {
    const id = await saved();
    const pub = await admin('POST', '/bi/api/v1.report/publish/', {
      id,
      platformIds: [staffPlatform],
      roleIds: [staffRole],
    });
    expect(pub.statusCode, pub.body).toBe(200);
    const edit = await admin('POST', '/bi/api/v1.report/save/', {
      id,
      name: 'x',
      description: '',
      isTemplate: false,
      design: design(),
    });
    expect([edit.statusCode, edit.json().errorCode]).toEqual([409, Codes.biReportWrongState]);
    const del = await admin('POST', '/bi/api/v1.report/delete/', { id });
    expect(del.json().errorCode).toBe(Codes.biReportWrongState);
    const copy = await admin('POST', '/bi/api/v1.report/copy/', { id });
    const copyId = (copy.json() as { data: { id: number } }).data.id;
    const detail = (await admin('GET', `/bi/api/v1.report/detail/?id=${copyId}`)).json().data as ReportItem;
    expect([detail.status, detail.name, detail.isTemplate]).toEqual(['draft', '测试报表（副本）', false]);
    expect((await admin('POST', '/bi/api/v1.report/delete/', { id: copyId })).statusCode).toBe(200);
    expect((await admin('POST', '/bi/api/v1.report/deactivate/', { id })).statusCode).toBe(200);
    const audits = await app.db
      .selectFrom('auditLog')
      .select('action')
      .where('target', 'in', [`bi_report:${id}`, `bi_report:${copyId}`])
      .execute();
    expect(audits.map((a) => a.action).sort()).toEqual(
      ['bi.report.copy', 'bi.report.create', 'bi.report.deactivate', 'bi.report.delete', 'bi.report.publish'].sort(),
    );
  });

  it('refuses a template to publish and a bad audience, nothing half-saved', async () => {
    const tpl = await saved({ isTemplate: true, name: '模板' });
    const r = await admin('POST', '/bi/api/v1.report/publish/', {
      id: tpl,
      platformIds: [staffPlatform],
      roleIds: [staffRole],
    });
    expect(r.json().errorCode).toBe(Codes.biReportWrongState);
    const draft = await saved();
    const bad = await admin('POST', '/bi/api/v1.report/publish/', {
      id: draft,
      platformIds: [staffPlatform],
      roleIds: [999999],
    });
    expect([bad.statusCode, bad.json().errorCode]).toEqual([400, Codes.biReportBadAudience]);
    const after = (await admin('GET', `/bi/api/v1.report/detail/?id=${draft}`)).json().data as ReportItem;
    expect([after.status, after.platforms.length]).toEqual(['draft', 0]);
  });

  it('lets the audience run and export, refuses others with a coded error', async () => {
    const id = await saved({ name: '辅导员报表' });
    await admin('POST', '/bi/api/v1.report/publish/', { id, platformIds: [staffPlatform], roleIds: [counsellorRole] });
    // teacher is a counsellor on the staff platform.
    const list = await asUser('teacher', 'GET', '/bi/api/v1.reportView/list/?page=1&pageSize=50');
    expect((list.json().data.list as { id: number }[]).map((x) => x.id)).toContain(id);
    const ok = await asUser('teacher', 'POST', '/bi/api/v1.reportView/run/', {
      id,
      params: { college: 'B' },
      page: 1,
      pageSize: 20,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(totalOf(ok.json().data as RunResult).slice(2)).toEqual([2, 1, 160, 5]);
    const opts = await asUser('teacher', 'GET', `/bi/api/v1.reportView/options/?id=${id}&param=college`);
    expect(opts.json().data).toEqual(['A', 'B', 'C']);

    // A staff member who is not a counsellor may open 数据报表 but not this report.
    const plain = await app.db
      .selectFrom('appUser')
      .innerJoin('userRole', 'userRole.userId', 'appUser.id')
      .select('appUser.username')
      .where('appUser.kind', '=', 'staff')
      .where('appUser.username', '<>', 'teacher')
      .where('userRole.roleId', '=', staffRole)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('userRole as u2')
              .select('u2.userId')
              .whereRef('u2.userId', '=', 'appUser.id')
              .where('u2.roleId', '=', counsellorRole),
          ),
        ),
      )
      .executeTakeFirstOrThrow();
    for (const [m, url, body] of [
      ['POST', '/bi/api/v1.reportView/run/', { id, params: {}, page: 1, pageSize: 20 }],
      ['GET', `/bi/api/v1.reportView/detail/?id=${id}`, undefined],
      ['GET', `/bi/api/v1.reportView/exportExcel/?id=${id}`, undefined],
    ] as const) {
      const r = await asUser(plain.username, m, url, body);
      expect([r.statusCode, r.json().errorCode], url).toEqual([403, Codes.biReportNoAccess]);
    }
    const hidden = await asUser(plain.username, 'GET', '/bi/api/v1.reportView/list/?page=1&pageSize=50');
    expect((hidden.json().data.list as { id: number }[]).map((x) => x.id)).not.toContain(id);
    // A student: refused, never a row of the report.
    const student = await app.injectAs('student', {
      method: 'POST',
      url: '/bi/api/v1.reportView/run/',
      payload: { id, params: {}, page: 1, pageSize: 20 },
    });
    expect(student.statusCode).toBe(403);
    expect([Codes.noPermission, Codes.biReportNoAccess]).toContain(student.json().errorCode);
  });

  it('exports Excel readable back with the groups, subtotals and the total in bold', async () => {
    const id = await saved({ name: '导出报表' });
    await admin('POST', '/bi/api/v1.report/publish/', { id, platformIds: [staffPlatform], roleIds: [staffRole] });
    const r = await asUser(
      'teacher',
      'GET',
      `/bi/api/v1.reportView/exportExcel/?id=${id}&params=${encodeURIComponent(JSON.stringify({ day: ['2026-01-01', '2026-02-28'] }))}`,
    );
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.rawPayload as never);
    const ws = wb.worksheets[0]!;
    const rows: unknown[][] = [];
    ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['导出报表']);
    expect(String(rows[1]![0])).toContain('日期：2026-01-01 至 2026-02-28');
    expect(rows[2]).toEqual(['学院', '专业', '人次', '人数', '总分', '平均费用']);
    const total = rows[rows.length - 1]!;
    // Rows 1–4 fall in the range: 4 rows, holders h1 h2 h3, 300 points, fee 43 / 4.
    expect(total).toEqual(['合计', undefined, 4, 3, 300, 10.75]);
    expect(ws.getRow(ws.rowCount).font?.bold).toBe(true);
    expect(rows.some((x) => x[0] === 'A 小计' && x[2] === 3)).toBe(true);
    expect(ws.getColumn(1).width).toBeGreaterThanOrEqual(12);
  });

  it('exports a PDF with pages, and refuses with a coded error when no CJK font is there', async () => {
    const id = await saved({ name: 'PDF 报表' });
    await admin('POST', '/bi/api/v1.report/publish/', { id, platformIds: [staffPlatform], roleIds: [staffRole] });
    const r = await asUser('teacher', 'GET', `/bi/api/v1.reportView/exportPdf/?id=${id}`);
    expect(r.statusCode, r.body.slice(0, 200)).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    const pdf = r.rawPayload.toString('latin1');
    expect(pdf.startsWith('%PDF')).toBe(true);
    expect((pdf.match(/\/Type \/Page\b/g) ?? []).length).toBeGreaterThanOrEqual(1);

    const noFont = await buildTestApp({ env: { BI_REPORT_PDF_FONT: '/nonexistent/font.ttc' } });
    try {
      // A seeded template: the font is checked before anything else is read.
      const tpl = await noFont.db
        .selectFrom('biReport')
        .select('id')
        .where('isTemplate', '=', 1)
        .executeTakeFirstOrThrow();
      const res = await noFont.injectAs('admin', {
        method: 'GET',
        url: `/bi/api/v1.reportView/exportPdf/?id=${tpl.id}`,
      });
      expect([res.statusCode, res.json().errorCode]).toEqual([503, Codes.biReportNoFont]);
      expect(res.json().message).toContain('BI_REPORT_PDF_FONT');
    } finally {
      await noFont.close();
    }
  });
});
