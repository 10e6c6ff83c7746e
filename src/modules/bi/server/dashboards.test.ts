import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import { createDataTable } from '@/modules/data-tables/server/commands/create-data-table';
import { writeRows } from '@/modules/data-tables/server/commands/write-rows';
import type { Metric } from '../contract';
import type {
  DashboardBody,
  DashboardData,
  DashboardDetail,
  DashboardView,
  VersionItem,
  ViewCard,
  Widget,
} from '../dashboard-contract';

/*
 * Dashboards over a data table made through data-tables' commands: save-time checks of every widget,
 * publish (a version each time) and restore, copy, the audience enforced on the server (a student is
 * refused a dashboard published to the staff platform's 教职工; a public one opens without a session),
 * and the data call with linkage filters.
 */
let app: TestApp;
let staffPlatform: number;
let studentPlatform: number;
let teacher: string;
let student: string;
const at = (date: string, time = '10:00') => Date.parse(`${date}T${time}:00+08:00`);

const admin = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  app.injectAs('admin', { method, url, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
const asUser = (username: string, platform: number, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  app.injectAs(
    username,
    { method, url, ...(payload ? { payload: payload as Record<string, unknown> } : {}) },
    platform,
  );
const anonymous = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  app.inject({ method, url, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });

const metric = (m: Partial<Metric> = {}): Metric => ({
  table: 'bi_dash_txn',
  aggregation: 'count',
  measure: null,
  filters: [],
  dimension: null,
  timeField: null,
  grain: null,
  window: null,
  ...m,
});
const widget = (id: string, type: Widget['type'], m: Partial<Metric>, more: Partial<Widget> = {}): Widget => ({
  id,
  type,
  title: `组件${id}`,
  x: 0,
  y: 0,
  w: 6,
  h: 4,
  metric: metric(m),
  options: {},
  drillDashboardId: null,
  ...more,
});
const body = (over: Partial<DashboardBody> = {}): DashboardBody => ({
  name: '消费概览',
  description: '',
  theme: 'light',
  widgets: [
    widget('kpi', 'kpi', {}),
    widget('bar', 'bar', { dimension: 'merchant' }),
    widget('pie', 'pie', { dimension: 'kind' }),
    widget('line', 'line', { timeField: 'occurred_at', grain: 'day' }),
  ],
  ...over,
});

type Answer<T> = { errorCode: string; message: string; data: T };
const json = <T>(r: { json: () => unknown }) => r.json() as Answer<T>;

async function create(b: DashboardBody = body()): Promise<number> {
  const r = await admin('POST', '/bi/api/v1.dashboard/save/', b);
  expect(r.statusCode, r.body).toBe(200);
  return json<{ id: number }>(r).data.id;
}
async function publish(id: number, audience: { platformIds?: number[]; roleCodes?: string[]; isPublic?: boolean }) {
  return admin('POST', '/bi/api/v1.dashboard/publish/', {
    id,
    platformIds: audience.platformIds ?? [],
    roleCodes: audience.roleCodes ?? [],
    isPublic: audience.isPublic ?? false,
  });
}

beforeAll(async () => {
  app = await buildTestApp();
  const platforms = await app.db.selectFrom('platform').select(['id', 'name']).execute();
  staffPlatform = platforms.find((p) => p.name === '教职工服务平台')!.id;
  studentPlatform = platforms.find((p) => p.name === '学生服务平台')!.id;
  teacher = 'teacher';
  student = 'student';
  const field = (name: string, label: string, type: 'integer' | 'string' | 'datetime', sort: number) => ({
    name,
    label,
    type,
    required: name === 'txn_id',
    indexed: false,
    visibility: 'all' as const,
    description: '',
    sort,
  });
  const def = await createDataTable(
    app,
    app.db,
    {
      code: 'bi_dash_txn',
      name: '测试流水',
      description: '',
      fields: [
        field('txn_id', '流水号', 'integer', 0),
        field('merchant', '商户', 'string', 1),
        field('kind', '类别', 'string', 2),
        field('occurred_at', '时间', 'datetime', 3),
      ],
      uniqueKey: ['txn_id'],
      ownerDepartmentId: null,
      scopeField: null,
    },
    null,
  );
  const rows = [
    ['一食堂', 'canteen', '2026-11-20'],
    ['一食堂', 'canteen', '2026-11-20'],
    ['一食堂', 'canteen', '2026-11-21'],
    ['二食堂', 'canteen', '2026-11-21'],
    ['超市', 'shop', '2026-11-21'],
  ].map(([merchant, kind, date], i) => ({ txn_id: i + 1, merchant, kind, occurred_at: at(date!) }));
  await writeRows(app, app.db, def.id, rows, { actorId: null, source: 'import' as never });
});

afterAll(async () => {
  await app?.close();
});

describe('仪表板: saving', () => {
  it('refuses a widget whose metric names a field the table does not have, or does not fit its type', async () => {
    const bad = await admin(
      'POST',
      '/bi/api/v1.dashboard/save/',
      body({ widgets: [widget('a', 'bar', { dimension: 'no_such_field' })] }),
    );
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errorCode).toBe(Codes.biDashboardBadWidget);
    expect(json(bad).message).toContain('组件a');
    const pieWithout = await admin('POST', '/bi/api/v1.dashboard/save/', body({ widgets: [widget('a', 'pie', {})] }));
    expect(json(pieWithout).errorCode).toBe(Codes.biDashboardBadWidget);
    const dup = await admin(
      'POST',
      '/bi/api/v1.dashboard/save/',
      body({ widgets: [widget('a', 'kpi', {}), widget('a', 'kpi', {})] }),
    );
    expect(json(dup).errorCode).toBe(Codes.biDashboardBadLayout);
    const drill = await admin(
      'POST',
      '/bi/api/v1.dashboard/save/',
      body({ widgets: [widget('a', 'bar', { dimension: 'kind' }, { drillDashboardId: 999999 })] }),
    );
    expect(json(drill).errorCode).toBe(Codes.biDashboardBadLayout);
    const before = await app.db.selectFrom('biDashboard').select('id').execute();
    expect(before.every((d) => d.id > 0)).toBe(true);
  });

  it('is for administrators only', async () => {
    const r = await asUser(teacher, staffPlatform, 'POST', '/bi/api/v1.dashboard/save/', body());
    expect(r.statusCode).toBe(403);
  });
});

describe('仪表板: publish, versions, copy', () => {
  it('publishes a version per publish, restores an old one into the draft, copies as a new draft', async () => {
    const id = await create(body({ name: '版本测试' }));
    expect(json(await publish(id, {})).errorCode).toBe(Codes.biDashboardBadAudience);
    const p1 = await publish(id, { platformIds: [staffPlatform], roleCodes: ['staff'] });
    expect(json<{ version: number }>(p1).data.version).toBe(1);
    // The draft changes; viewers keep seeing version 1 until the next publish.
    expect(
      (
        await admin('POST', '/bi/api/v1.dashboard/save/', {
          id,
          ...body({ name: '版本测试二', widgets: [widget('k', 'kpi', {})] }),
        })
      ).statusCode,
    ).toBe(200);
    const seen = json<DashboardView>(
      await asUser(teacher, staffPlatform, 'GET', `/bi/api/v1.dashboardView/detail/?id=${id}`),
    );
    expect(seen.data.name).toBe('版本测试');
    expect(seen.data.widgets).toHaveLength(4);
    expect(
      json<{ version: number }>(await publish(id, { platformIds: [staffPlatform], roleCodes: ['staff'] })).data.version,
    ).toBe(2);
    const versions = json<VersionItem[]>(await admin('GET', `/bi/api/v1.dashboard/versions/?id=${id}`)).data;
    expect(versions.map((v) => [v.version, v.name, v.widgetCount])).toEqual([
      [2, '版本测试二', 1],
      [1, '版本测试', 4],
    ]);
    expect((await admin('POST', '/bi/api/v1.dashboard/restore/', { id, version: 1 })).statusCode).toBe(200);
    const draft = json<DashboardDetail>(await admin('GET', `/bi/api/v1.dashboard/detail/?id=${id}`)).data;
    expect([draft.name, draft.widgets.length, draft.version, draft.status]).toEqual(['版本测试', 4, 2, 'published']);
    const audits = await app.db
      .selectFrom('auditLog')
      .select('action')
      .where('target', '=', `bi_dashboard:${id}`)
      .execute();
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['bi.dashboard.create', 'bi.dashboard.publish', 'bi.dashboard.restore']),
    );

    const copy = json<{ id: number }>(await admin('POST', '/bi/api/v1.dashboard/copy/', { id })).data.id;
    const c = json<DashboardDetail>(await admin('GET', `/bi/api/v1.dashboard/detail/?id=${copy}`)).data;
    expect([c.name, c.status, c.version, c.widgets.length]).toEqual(['版本测试（副本）', 'draft', null, 4]);
    // A published one is deactivated, not deleted; a draft is deleted.
    expect(json(await admin('POST', '/bi/api/v1.dashboard/delete/', { id })).errorCode).toBe(
      Codes.biDashboardWrongState,
    );
    expect((await admin('POST', '/bi/api/v1.dashboard/delete/', { id: copy })).statusCode).toBe(200);
    expect((await admin('POST', '/bi/api/v1.dashboard/deactivate/', { id })).statusCode).toBe(200);
    const gone = await asUser(teacher, staffPlatform, 'GET', `/bi/api/v1.dashboardView/detail/?id=${id}`);
    expect(json(gone).errorCode).toBe(Codes.biDashboardNotPublished);
  });
});

describe('仪表板: audience', () => {
  it('shows a staff dashboard to the teacher and refuses the student with a code', async () => {
    const id = await create(body({ name: '教师看板' }));
    await publish(id, { platformIds: [staffPlatform], roleCodes: ['staff'] });
    const list = json<{ list: ViewCard[] }>(
      await asUser(teacher, staffPlatform, 'GET', '/bi/api/v1.dashboardView/list/?page=1&pageSize=50'),
    ).data.list;
    expect(list.map((d) => d.name)).toContain('教师看板');
    const sList = json<{ list: ViewCard[] }>(
      await asUser(student, studentPlatform, 'GET', '/bi/api/v1.dashboardView/list/?page=1&pageSize=50'),
    ).data.list;
    expect(sList.map((d) => d.id)).not.toContain(id);
    const refused = await asUser(student, studentPlatform, 'GET', `/bi/api/v1.dashboardView/detail/?id=${id}`);
    expect(refused.statusCode).toBe(403);
    expect(json(refused).errorCode).toBe(Codes.biDashboardAudience);
    const data = await asUser(student, studentPlatform, 'POST', '/bi/api/v1.dashboardView/data/', { id, filters: [] });
    expect(json(data).errorCode).toBe(Codes.biDashboardAudience);
    // The teacher on another platform than the audience's is refused too.
    const onOther = await asUser(teacher, studentPlatform, 'GET', `/bi/api/v1.dashboardView/detail/?id=${id}`);
    expect(json(onOther).errorCode).toBe(Codes.biDashboardAudience);
    const anon = await anonymous('GET', `/bi/api/v1.dashboardView/detail/?id=${id}`);
    expect(anon.statusCode).toBe(401);
    expect(json(anon).errorCode).toBe(Codes.notAuthenticated);
  });

  it('opens a public dashboard and its data without a session', async () => {
    const id = await create(body({ name: '公开看板' }));
    await publish(id, { isPublic: true });
    const r = await anonymous('GET', `/bi/api/v1.dashboardView/detail/?id=${id}`);
    expect(r.statusCode).toBe(200);
    expect(json<DashboardView>(r).data.name).toBe('公开看板');
    const d = await anonymous('POST', '/bi/api/v1.dashboardView/data/', { id, filters: [] });
    expect(d.statusCode).toBe(200);
    expect(json<DashboardData>(d).data.kpi).toEqual({
      ok: true,
      rows: [{ period: null, dim: null, value: 5 }],
      truncated: false,
    });
    // A draft stays closed to everyone but the designer.
    const draft = await create(body({ name: '未发布' }));
    expect(json(await anonymous('GET', `/bi/api/v1.dashboardView/detail/?id=${draft}`)).errorCode).toBe(
      Codes.biDashboardNotPublished,
    );
  });
});

describe('仪表板: the data call', () => {
  it('answers every widget and applies a linkage filter to the widgets whose table has the field', async () => {
    const id = await create(body({ name: '联动' }));
    await publish(id, { platformIds: [staffPlatform], roleCodes: ['staff'] });
    const all = json<DashboardData>(
      await asUser(teacher, staffPlatform, 'POST', '/bi/api/v1.dashboardView/data/', { id, filters: [] }),
    ).data;
    expect(all.bar).toMatchObject({
      ok: true,
      rows: [
        { dim: '一食堂', value: 3 },
        { dim: '二食堂', value: 1 },
        { dim: '超市', value: 1 },
      ],
    });
    const linked = json<DashboardData>(
      await asUser(teacher, staffPlatform, 'POST', '/bi/api/v1.dashboardView/data/', {
        id,
        filters: [{ field: 'merchant', values: ['一食堂'], from: 'bar' }],
      }),
    ).data;
    // The clicked chart keeps every value; the others count only 一食堂's rows.
    expect(linked.bar).toEqual(all.bar);
    expect(linked.kpi).toMatchObject({ ok: true, rows: [{ value: 3 }] });
    expect(linked.pie).toMatchObject({ ok: true, rows: [{ dim: 'canteen', value: 3 }] });
    expect(linked.line).toMatchObject({
      ok: true,
      rows: [
        { period: '2026-11-20', value: 2 },
        { period: '2026-11-21', value: 1 },
      ],
    });
    // A field no widget's table has filters nothing; a value that does not fit the field is refused.
    const other = json<DashboardData>(
      await asUser(teacher, staffPlatform, 'POST', '/bi/api/v1.dashboardView/data/', {
        id,
        filters: [{ field: 'building', values: ['A'] }],
      }),
    ).data;
    expect(other.kpi).toEqual(all.kpi);
    const bad = await asUser(teacher, staffPlatform, 'POST', '/bi/api/v1.dashboardView/data/', {
      id,
      filters: [{ field: 'occurred_at', values: ['not a date'] }],
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errorCode).toBe(Codes.biDashboardBadLinkage);
  });
});
