import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { readSheet } from '@/server/excel/read';
import { Codes } from '@/shared/errors';
import type { AuditRow } from '../contract';

const BASE = '/user/api/v1.audit';
const T0 = Date.UTC(2026, 0, 1);

describe('audit log', () => {
  let app: TestApp;
  const list = async (query: Record<string, string | number> = {}) => {
    const res = await app.injectAs('admin', {
      method: 'GET',
      url: `${BASE}/list/`,
      query: Object.fromEntries(Object.entries({ pageSize: 200, ...query }).map(([k, v]) => [k, String(v)])),
    });
    expect(res.json().errorCode).toBe(Codes.ok);
    return res.json().data as { list: AuditRow[]; total: number; page: number; pageSize: number };
  };

  beforeAll(async () => {
    app = await buildTestApp();
    // Rows of our own in a year nobody else writes to, so filters can be checked exactly.
    const rows = [
      { at: T0 + 1000, actorName: '张老师', action: 'login', result: 'ok' },
      { at: T0 + 2000, actorName: '张老师', action: 'login_failed', result: 'fail' },
      { at: T0 + 3000, actorName: 'admin', action: 'theme_saved', result: 'ok' },
      { at: T0 + 4000, actorName: '李同学', action: 'permission_denied', result: 'fail' },
      { at: T0 + 5000, actorName: 'ADMIN2', action: 'login', result: 'ok' },
      { at: T0 + 6000, actorName: '100%_x', action: 'login', result: 'ok' },
    ];
    await app.db
      .insertInto('auditLog')
      .values(rows.map((r) => ({ ...r, actorId: null, target: 't', detail: null, ip: '10.0.0.1' })))
      .execute();
  });
  afterAll(async () => {
    await app.close();
  });

  const inYear = { from: T0, to: T0 + 10_000 };

  it('refuses callers without a token or who are not administrators', async () => {
    for (const url of [`${BASE}/list/`, `${BASE}/export/`]) {
      expect((await app.inject({ method: 'GET', url })).json().errorCode).toBe(Codes.notAuthenticated);
      expect((await app.injectAs('student', { method: 'GET', url })).json().errorCode).toBe(Codes.noPermission);
    }
  });

  it('lists newest first and filters by date range, action, result and actor keyword', async () => {
    const all = await list(inYear);
    expect(all.total).toBe(6);
    expect(all.list.map((r) => r.at)).toEqual([6000, 5000, 4000, 3000, 2000, 1000].map((d) => T0 + d));
    expect((await list({ ...inYear, action: 'login' })).list.map((r) => r.actorName)).toEqual([
      '100%_x',
      'ADMIN2',
      '张老师',
    ]);
    expect((await list({ ...inYear, result: 'fail' })).list.map((r) => r.action)).toEqual([
      'permission_denied',
      'login_failed',
    ]);
    expect((await list({ ...inYear, actor: '张' })).total).toBe(2);
    expect((await list({ ...inYear, actor: 'admin' })).list.map((r) => r.actorName)).toEqual(['ADMIN2', 'admin']);
    // % and _ in the keyword are letters, not wildcards.
    expect((await list({ ...inYear, actor: '%_' })).list.map((r) => r.actorName)).toEqual(['100%_x']);
    expect((await list({ from: T0 + 2000, to: T0 + 4000 })).total).toBe(3);
    expect((await list({ ...inYear, action: 'login', result: 'ok', actor: '老师' })).total).toBe(1);
  });

  it('pages in SQL', async () => {
    const p2 = await list({ ...inYear, page: 2, pageSize: 4 });
    expect(p2).toMatchObject({ total: 6, page: 2, pageSize: 4 });
    expect(p2.list.map((r) => r.at)).toEqual([T0 + 2000, T0 + 1000]);
  });

  it('rejects bad filters naming the field', async () => {
    for (const [query, field] of [
      [{ result: 'maybe' }, 'result'],
      [{ from: 'yesterday' }, 'from'],
      [{ action: "x' or 1=1" }, 'action'],
      [{ from: T0 + 5, to: T0 }, 'from'],
      [{ pageSize: 201 }, 'pageSize'],
    ] as const) {
      const res = await app.injectAs('admin', {
        method: 'GET',
        url: `${BASE}/list/`,
        query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      });
      expect(res.json().errorCode).toBe(Codes.inputError);
      expect(JSON.stringify(res.json())).toContain(field);
    }
  });

  it('exports the filtered rows as xlsx with Chinese action names', async () => {
    const res = await app.injectAs('admin', {
      method: 'GET',
      url: `${BASE}/export/`,
      query: { action: 'login', from: String(T0), to: String(T0 + 10_000) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const sheet = await readSheet(Readable.from(res.rawPayload), 1000);
    expect(sheet.headers).toEqual(['时间', '操作人', '操作', '操作代码', '对象', '结果', 'IP', '详情']);
    expect(sheet.rows.map((r) => [r.cells['操作人'], r.cells['操作'], r.cells['结果']])).toEqual([
      ['张老师', '登录', '成功'],
      ['ADMIN2', '登录', '成功'],
      ['100%_x', '登录', '成功'],
    ]);
    const exported = await app.db
      .selectFrom('auditLog')
      .select('actorName')
      .where('action', '=', 'audit_exported')
      .execute();
    expect(exported.map((r) => r.actorName)).toEqual(['admin']);
  });

  it('offers no way to change or delete audit rows', () => {
    const audit = app.declaredRoutes.filter((r) => r.url.startsWith(`${BASE}/`));
    expect(audit.map((r) => `${r.method} ${r.url}`).sort()).toEqual([`GET ${BASE}/export/`, `GET ${BASE}/list/`]);
    const touching = app.declaredRoutes.filter(
      (r) => /audit/i.test(r.url) && (r.method === 'DELETE' || r.method === 'PUT' || r.method === 'PATCH'),
    );
    expect(touching).toEqual([]);
  });
});
