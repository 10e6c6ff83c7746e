import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import { createDataTable } from '@/modules/data-tables/server/commands/create-data-table';
import { writeRows } from '@/modules/data-tables/server/commands/write-rows';
import type { IndicatorBody, IndicatorItem, WarningItem } from '../contract';
import { evaluateAll, evaluateIfChanged } from './evaluate';
import { EVALUATE_JOB } from './jobs';

/*
 * Indicators over a data table made through data-tables' commands: validation and permissions on the
 * server, the evaluation job (values per period, one warning per breach, one message per owner, no
 * duplicates on a rerun), 确认 by an owner, automatic close when the value comes back, and the
 * after-sync check.
 */
let app: TestApp;
let staffPlatform: number;
let tableId: number;
let owner: { id: number; username: string };
let other: { id: number; username: string };
let student: string;
const at = (date: string, time = '10:00') => Date.parse(`${date}T${time}:00+08:00`);
let nextTxn = 1;

const rowsOn = (date: string, n: number, kind = 'canteen') =>
  Array.from({ length: n }, () => ({ txn_id: nextTxn++, kind, amount: 10, occurred_at: at(date) }));

const admin = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  app.injectAs('admin', { method, url, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
const asUser = (username: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  app.injectAs(
    username,
    { method, url, ...(payload ? { payload: payload as Record<string, unknown> } : {}) },
    staffPlatform,
  );

const body = (over: Partial<IndicatorBody> = {}): IndicatorBody => ({
  name: '食堂日消费笔数',
  code: 'test_canteen_daily',
  description: '',
  metric: {
    table: 'bi_job_txn',
    aggregation: 'count',
    measure: null,
    filters: [{ field: 'kind', op: 'eq', value: 'canteen' }],
    dimension: null,
    timeField: 'occurred_at',
    grain: 'day',
    window: { lastPeriods: 30 },
  },
  unit: '笔',
  ownerIds: [owner.id],
  thresholds: [
    { bound: 'upper', value: 5, level: 'warning' },
    { bound: 'upper', value: 8, level: 'critical' },
  ],
  ...over,
});

async function messagesOf(userId: number) {
  return app.db
    .selectFrom('message')
    .select(['title', 'link', 'subject', 'readAt'])
    .where('userId', '=', userId)
    .where('subject', 'like', 'bi_warning:%')
    .execute();
}

async function warningsAs(username: string, status?: string): Promise<WarningItem[]> {
  const r = await asUser(
    username,
    'GET',
    `/bi/api/v1.indicatorWarning/list/?page=1&pageSize=20${status ? `&status=${status}` : ''}`,
  );
  expect(r.statusCode).toBe(200);
  return (r.json() as { data: { list: WarningItem[] } }).data.list;
}

beforeAll(async () => {
  app = await buildTestApp();
  staffPlatform = (
    await app.db.selectFrom('platform').select('id').where('name', '=', '教职工服务平台').executeTakeFirstOrThrow()
  ).id;
  const staff = await app.db
    .selectFrom('appUser')
    .select(['id', 'username'])
    .where('kind', '=', 'staff')
    .where('status', '=', 'active')
    .orderBy('id')
    .limit(2)
    .execute();
  [owner, other] = [staff[0]!, staff[1]!];
  student = (
    await app.db
      .selectFrom('appUser')
      .select('username')
      .where('kind', '=', 'student')
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).username;
  // The owners reach the page through the role the demo seed gives indicator owners.
  const role = await app.db
    .selectFrom('role')
    .select('id')
    .where('code', '=', 'bi_indicator_owner')
    .executeTakeFirstOrThrow();
  for (const u of [owner, other])
    await app.db
      .insertInto('userRole')
      .values({ userId: u.id, roleId: role.id })
      .onConflict((oc) => oc.doNothing())
      .execute();
  const def = await createDataTable(
    app,
    app.db,
    {
      code: 'bi_job_txn',
      name: '测试消费',
      description: '',
      fields: [
        {
          name: 'txn_id',
          label: '流水号',
          type: 'integer',
          required: true,
          indexed: false,
          visibility: 'all',
          description: '',
          sort: 0,
        },
        {
          name: 'kind',
          label: '类别',
          type: 'string',
          required: false,
          indexed: false,
          visibility: 'all',
          description: '',
          sort: 1,
        },
        {
          name: 'amount',
          label: '金额',
          type: 'decimal',
          required: false,
          indexed: false,
          visibility: 'all',
          description: '',
          sort: 2,
        },
        {
          name: 'occurred_at',
          label: '交易时间',
          type: 'datetime',
          required: false,
          indexed: true,
          visibility: 'all',
          description: '',
          sort: 3,
        },
      ],
      uniqueKey: ['txn_id'],
      ownerDepartmentId: null,
      scopeField: null,
    },
    null,
  );
  tableId = def.id;
  await writeRows(app, app.db, tableId, [...rowsOn('2026-11-01', 2), ...rowsOn('2026-11-02', 4)], {
    actorId: null,
    source: 'import' as never,
  });
});

afterAll(async () => {
  await app.close();
});

let indicatorId: number;

describe('indicators in the back office', () => {
  it('refuses bad input with coded errors, nothing saved', async () => {
    const cases: [Partial<IndicatorBody>, string][] = [
      [{ metric: { ...body().metric, table: 'nope' } }, Codes.biUnknownTable],
      [{ metric: { ...body().metric, timeField: 'secret' } }, Codes.biUnknownField],
      [{ metric: { ...body().metric, aggregation: 'sum', measure: 'kind' } }, Codes.biBadMeasure],
      [{ metric: { ...body().metric, filters: [{ field: 'amount', op: 'contains', value: '1' }] } }, Codes.biBadFilter],
      [
        {
          thresholds: [
            { bound: 'upper', value: 5, level: 'warning' },
            { bound: 'lower', value: 9, level: 'warning' },
          ],
        },
        Codes.biBadThreshold,
      ],
      [{ ownerIds: [owner.id, 999999] }, Codes.biBadOwner],
    ];
    for (const [over, code] of cases) {
      const r = await admin('POST', '/bi/api/v1.indicator/save/', body(over));
      expect(r.statusCode, code).toBeGreaterThanOrEqual(400);
      expect(r.json().errorCode).toBe(code);
    }
    // A student as owner is refused too (owners are staff).
    const s = await app.db.selectFrom('appUser').select('id').where('username', '=', student).executeTakeFirstOrThrow();
    expect((await admin('POST', '/bi/api/v1.indicator/save/', body({ ownerIds: [s.id] }))).json().errorCode).toBe(
      Codes.biBadOwner,
    );
    // Schema: a bad operator never reaches the service.
    const bad = body();
    (bad.metric.filters[0] as { op: string }).op = 'drop';
    expect((await admin('POST', '/bi/api/v1.indicator/save/', bad)).statusCode).toBe(400);
    const n = await app.db.selectFrom('biIndicator').select('id').where('code', '=', 'test_canteen_daily').execute();
    expect(n).toHaveLength(0);
  });

  it('creates, previews, refuses a taken code, and audits', async () => {
    const r = await admin('POST', '/bi/api/v1.indicator/save/', body());
    expect(r.statusCode).toBe(200);
    indicatorId = r.json().data.id;
    const again = await admin('POST', '/bi/api/v1.indicator/save/', body());
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe(Codes.biIndicatorCodeTaken);
    const p = await admin('POST', '/bi/api/v1.metric/preview/', { metric: body().metric });
    expect(p.json().data.rows).toEqual([
      { period: '2026-11-01', dim: null, value: 2 },
      { period: '2026-11-02', dim: null, value: 4 },
    ]);
    const logged = await app.db
      .selectFrom('auditLog')
      .select('action')
      .where('target', '=', `bi_indicator:${indicatorId}`)
      .execute();
    expect(logged.map((l) => l.action)).toContain('bi.indicator.create');
  });

  it('is the back office only: staff and students are refused by the server', async () => {
    for (const u of [owner.username, student]) {
      const r = await asUser(u, 'GET', '/bi/api/v1.indicator/list/?status=active&page=1&pageSize=10');
      expect(r.statusCode).toBe(403);
      const p = await asUser(u, 'POST', '/bi/api/v1.metric/preview/', { metric: body().metric });
      expect(p.statusCode).toBe(403);
    }
    const list = await admin('GET', '/bi/api/v1.indicator/list/?status=active&page=1&pageSize=50');
    const item = (list.json().data.list as IndicatorItem[]).find((i) => i.id === indicatorId)!;
    expect(item.owners.map((o) => o.id)).toEqual([owner.id]);
  });

  it('deletes only a never-evaluated indicator', async () => {
    const r = await admin('POST', '/bi/api/v1.indicator/save/', body({ code: 'test_throwaway' }));
    const id = r.json().data.id as number;
    expect((await admin('POST', '/bi/api/v1.indicator/delete/', { id })).statusCode).toBe(200);
    expect(await app.db.selectFrom('biIndicator').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
  });
});

describe('evaluation and warnings', () => {
  it('stores values per period; within bounds no warning', async () => {
    await evaluateAll(app, at('2026-11-03'));
    const values = await app.db
      .selectFrom('biIndicatorValue')
      .select(['period', 'value'])
      .where('indicatorId', '=', indicatorId)
      .orderBy('period')
      .execute();
    expect(values.map((v) => [v.period, Number(v.value)])).toEqual([
      ['2026-11-01', 2],
      ['2026-11-02', 4],
    ]);
    expect(await warningsAs(owner.username)).toHaveLength(0);
  });

  it('a breach opens one warning and sends one message per owner; a rerun adds nothing', async () => {
    await admin('POST', '/bi/api/v1.indicator/save/', { id: indicatorId, ...body({ ownerIds: [owner.id, other.id] }) });
    await writeRows(app, app.db, tableId, rowsOn('2026-11-03', 6), { actorId: null, source: 'import' as never });
    // The after-sync check sees the table move and evaluates.
    const r = await evaluateIfChanged(app, at('2026-11-03', '12:00'));
    expect(r?.opened).toBe(1);
    expect(await evaluateIfChanged(app, at('2026-11-03', '12:05'))).toBeNull();
    // The scheduled job on the runner: same indicator, same period, no second warning or message.
    await app.jobs.runNow(EVALUATE_JOB);
    await app.jobs.drain();
    await evaluateAll(app, at('2026-11-03', '13:00'));
    const w = await warningsAs(owner.username);
    expect(w).toHaveLength(1);
    expect(w[0]).toMatchObject({ indicatorId, status: 'open', level: 'warning', period: '2026-11-03', value: 6 });
    expect(w[0]!.notified.map((n) => n.userId).sort()).toEqual([owner.id, other.id].sort());
    expect(await messagesOf(owner.id)).toHaveLength(1);
    expect(await messagesOf(other.id)).toHaveLength(1);
    expect((await messagesOf(owner.id))[0]!.link).toBe('/web/bi/indicatorWarningDetails');
    const values = await app.db
      .selectFrom('biIndicatorValue')
      .select('period')
      .where('indicatorId', '=', indicatorId)
      .execute();
    expect(values).toHaveLength(3);
    // More rows the same day: the value is refreshed, the level follows, still one warning.
    await writeRows(app, app.db, tableId, rowsOn('2026-11-03', 3), { actorId: null, source: 'import' as never });
    await evaluateAll(app, at('2026-11-03', '14:00'));
    const again = await warningsAs(owner.username);
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({ latestValue: 9, level: 'critical' });
    expect(await messagesOf(owner.id)).toHaveLength(1);
  });

  it('history: the owner and administrators; another staff member and students are refused', async () => {
    const h = await asUser(owner.username, 'GET', `/bi/api/v1.indicatorWarning/history/?id=${indicatorId}`);
    expect(h.json().data.map((p: { period: string; value: number }) => [p.period, p.value])).toEqual([
      ['2026-11-01', 2],
      ['2026-11-02', 4],
      ['2026-11-03', 9],
    ]);
    expect((await admin('GET', `/bi/api/v1.indicatorWarning/history/?id=${indicatorId}`)).statusCode).toBe(200);
    const s = await asUser(student, 'GET', `/bi/api/v1.indicatorWarning/history/?id=${indicatorId}`);
    expect(s.statusCode).toBe(403);
    expect(s.json().errorCode).toBe(Codes.noPermission);
    expect((await asUser(student, 'GET', '/bi/api/v1.indicatorWarning/list/?page=1&pageSize=20')).statusCode).toBe(403);
  });

  it('a non-owner neither sees nor confirms it', async () => {
    // Take `other` off the indicator: they still hold the page, but not this indicator.
    await admin('POST', '/bi/api/v1.indicator/save/', { id: indicatorId, ...body() });
    expect(await warningsAs(other.username)).toHaveLength(0);
    const w = (await warningsAs(owner.username))[0]!;
    const r = await asUser(other.username, 'POST', '/bi/api/v1.indicatorWarning/ack/', { id: w.id, note: '看看' });
    expect(r.statusCode).toBe(403);
    expect(r.json().errorCode).toBe(Codes.biNotOwner);
    const h = await asUser(other.username, 'GET', `/bi/api/v1.indicatorWarning/history/?id=${indicatorId}`);
    expect(h.json().errorCode).toBe(Codes.biNotOwner);
  });

  it('确认 by the owner: recorded, messages handled, not twice; the breach goes on without a new warning', async () => {
    const w = (await warningsAs(owner.username))[0]!;
    const empty = await asUser(owner.username, 'POST', '/bi/api/v1.indicatorWarning/ack/', { id: w.id, note: '  ' });
    expect(empty.statusCode).toBe(400);
    const r = await asUser(owner.username, 'POST', '/bi/api/v1.indicatorWarning/ack/', {
      id: w.id,
      note: '食堂周年庆活动，客流增加',
    });
    expect(r.statusCode).toBe(200);
    const twice = await asUser(owner.username, 'POST', '/bi/api/v1.indicatorWarning/ack/', { id: w.id, note: '再次' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errorCode).toBe(Codes.biWarningSettled);
    const [acked] = await warningsAs(owner.username, 'acknowledged');
    expect(acked).toMatchObject({ id: w.id, ackNote: '食堂周年庆活动，客流增加' });
    await evaluateAll(app, at('2026-11-03', '15:00'));
    expect(await warningsAs(owner.username, 'open')).toHaveLength(0);
    expect(await messagesOf(owner.id)).toHaveLength(1);
  });

  it('back within bounds: the breach ends; a new breach opens a new warning, which closes by itself', async () => {
    await writeRows(app, app.db, tableId, rowsOn('2026-11-04', 3), { actorId: null, source: 'import' as never });
    await evaluateAll(app, at('2026-11-04', '12:00'));
    const ended = await app.db.selectFrom('biWarning').selectAll().where('indicatorId', '=', indicatorId).execute();
    expect(ended).toHaveLength(1);
    expect(ended[0]!.recoveredAt).not.toBeNull();
    expect(ended[0]!.status).toBe('acknowledged');

    await writeRows(app, app.db, tableId, rowsOn('2026-11-05', 7), { actorId: null, source: 'import' as never });
    await evaluateAll(app, at('2026-11-05', '12:00'));
    const open = await warningsAs(owner.username, 'open');
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ period: '2026-11-05', value: 7 });
    expect(await messagesOf(owner.id)).toHaveLength(2);

    await writeRows(app, app.db, tableId, rowsOn('2026-11-06', 1), { actorId: null, source: 'import' as never });
    await evaluateAll(app, at('2026-11-06', '12:00'));
    expect(await warningsAs(owner.username, 'open')).toHaveLength(0);
    const [closed] = await warningsAs(owner.username, 'closed');
    expect(closed).toMatchObject({ id: open[0]!.id, status: 'closed' });
    expect(closed!.closeNote).toContain('自动关闭');
    expect(closed!.closedAt).not.toBeNull();
  });

  it('a broken metric is kept on the indicator and does not stop the others; evaluated ones cannot be deleted', async () => {
    const other = await admin(
      'POST',
      '/bi/api/v1.indicator/save/',
      body({ code: 'test_total', metric: { ...body().metric, grain: null, window: null } }),
    );
    const okId = other.json().data.id as number;
    await app.db
      .updateTable('biIndicator')
      .set({ metric: JSON.stringify({ ...body().metric, table: 'gone_table' }) })
      .where('id', '=', indicatorId)
      .execute();
    const r = await evaluateAll(app, at('2026-11-06', '13:00'));
    expect(r.failed).toBeGreaterThanOrEqual(1);
    const broken = (await admin('GET', `/bi/api/v1.indicator/detail/?id=${indicatorId}`)).json().data as IndicatorItem;
    expect(broken.lastError).toContain('gone_table');
    const fine = (await admin('GET', `/bi/api/v1.indicator/detail/?id=${okId}`)).json().data as IndicatorItem;
    expect(fine).toMatchObject({ lastPeriod: '2026-11-06', lastValue: 26, lastError: '' });
    const del = await admin('POST', '/bi/api/v1.indicator/delete/', { id: okId });
    expect(del.statusCode).toBe(409);
    expect(del.json().errorCode).toBe(Codes.biIndicatorEvaluated);
    // Deactivated: out of the evaluation and onto the 已停用 list.
    await admin('POST', '/bi/api/v1.indicator/status/', { id: okId, status: 'inactive' });
    const inactive = await admin('GET', '/bi/api/v1.indicator/list/?status=inactive&page=1&pageSize=10');
    expect((inactive.json().data.list as IndicatorItem[]).map((i) => i.id)).toContain(okId);
  });
  it('two evaluations at once (hourly and after-sync) open one warning and send one message', async () => {
    const r = await admin(
      'POST',
      '/bi/api/v1.indicator/save/',
      body({ code: 'test_race', thresholds: [{ bound: 'upper', value: 0, level: 'info' }] }),
    );
    const id = r.json().data.id as number;
    await Promise.all([evaluateAll(app, at('2026-11-06', '14:00')), evaluateAll(app, at('2026-11-06', '14:00'))]);
    const ws = await app.db.selectFrom('biWarning').select('id').where('indicatorId', '=', id).execute();
    expect(ws).toHaveLength(1);
    const sent = await app.db
      .selectFrom('message')
      .select('id')
      .where('subject', '=', `bi_warning:${ws[0]!.id}`)
      .execute();
    expect(sent).toHaveLength(1);
  });
});
