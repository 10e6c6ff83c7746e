import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { buildTestApp, createTestUser, type TestApp } from '@/server/test/helper';
import { multipartBody } from '@/server/test/multipart';
import { IMPORT_HEADERS } from '@/modules/accounts/contract';
import { Codes } from '@/shared/errors';
import { dayKey, startOfDay } from './days';

const URL = '/user/api/v1.dashboard/summary/';

describe('back-office dashboard summary', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('refuses users and callers without a token', async () => {
    for (const u of ['teacher', 'student']) {
      const res = await app.injectAs(u, { method: 'GET', url: URL });
      expect(res.statusCode).toBe(403);
      expect(res.json().errorCode).toBe(Codes.noPermission);
    }
    const anon = await app.inject({ method: 'GET', url: URL });
    expect(anon.json().errorCode).toBe(Codes.notAuthenticated);
  });

  it('counts people, platforms, live sessions, logins and visits as the database holds them', async () => {
    const now = Date.now();
    const day = 86_400_000;
    const login = (at: number, result = 'ok', action = 'login') => ({
      at,
      actorId: null,
      actorName: 'student',
      action,
      target: null,
      detail: null,
      ip: null,
      result,
    });
    const today = startOfDay(now);
    await app.db
      .insertInto('auditLog')
      .values([
        login(today + 1000),
        login(today + 2000),
        login(today + 3000, 'fail'),
        login(today + 4000, 'ok', 'login_failed'),
        login(startOfDay(now, -1) + 5000),
        login(startOfDay(now, -6) + 5000),
        login(startOfDay(now, -7) + 5000),
      ])
      .execute();
    await app.db
      .insertInto('visitStat')
      .values([
        { day: dayKey(now), count: 42 },
        { day: dayKey(now - day), count: 7 },
      ])
      .execute();
    // Sessions: one revoked, one expired, one idle too long; none of them counts.
    await app.tokenFor('teacher');
    const dead = [await app.tokenFor('student'), await app.tokenFor('student'), await app.tokenFor('student')];
    const rows = await app.db.selectFrom('session').select('tokenHash').orderBy('createdAt', 'desc').limit(3).execute();
    expect(rows).toHaveLength(dead.length);
    await app.db.updateTable('session').set({ revokedAt: now }).where('tokenHash', '=', rows[0]!.tokenHash).execute();
    await app.db
      .updateTable('session')
      .set({ expiresAt: now - 1 })
      .where('tokenHash', '=', rows[1]!.tokenHash)
      .execute();
    await app.db
      .updateTable('session')
      .set({ lastSeenAt: now - 31 * 60_000 })
      .where('tokenHash', '=', rows[2]!.tokenHash)
      .execute();

    const res = await app.injectAs('admin', { method: 'GET', url: URL });
    expect(res.json().errorCode).toBe(Codes.ok);
    const s = res.json().data;
    const count = async (kind?: string) => {
      let q = app.db.selectFrom('appUser').select((eb) => eb.fn.countAll<number>().as('n'));
      if (kind) q = q.where('kind', '=', kind);
      return Number((await q.executeTakeFirstOrThrow()).n);
    };
    expect(s.users).toBe(await count());
    expect(s.students).toBe(await count('student'));
    expect(s.staff).toBe(await count('staff'));
    expect(s.students).toBeGreaterThan(5);
    expect(s.platforms).toBe(3);
    // The teacher's session and the admin's own (made by injectAs).
    const live = await app.db
      .selectFrom('session')
      .select('tokenHash')
      .where('revokedAt', 'is', null)
      .where('expiresAt', '>', now)
      .execute();
    expect(s.activeSessions).toBe(live.length - 1);
    expect(s.loginsToday).toBe(2);
    expect(s.visitsToday).toBe(42);
    expect(s.logins7d).toHaveLength(7);
    expect(s.logins7d[6]).toEqual({ day: dayKey(now), count: 2 });
    expect(s.logins7d[5]).toEqual({ day: dayKey(startOfDay(now, -1)), count: 1 });
    expect(s.logins7d[0]).toEqual({ day: dayKey(startOfDay(now, -6)), count: 1 });
    expect(s.logins7d.reduce((a: number, d: { count: number }) => a + d.count, 0)).toBe(4);
  });

  // Issue 15: the counts come from user_kind_count, which triggers on app_user keep (migration 0059).
  it('keeps the people counts exact after an import, a kind change and deletions', async () => {
    const summary = async () => (await app.injectAs('admin', { method: 'GET', url: URL })).json().data;
    const truth = async () => {
      const rows = await app.db
        .selectFrom('appUser')
        .select(['kind', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('kind')
        .execute();
      const of = (k: string) => Number(rows.find((r) => r.kind === k)?.n ?? 0);
      return { users: rows.reduce((a, r) => a + Number(r.n), 0), students: of('student'), staff: of('staff') };
    };
    const before = await summary();
    expect(before).toMatchObject(await truth());

    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('账号');
    ws.addRow([...IMPORT_HEADERS]);
    for (let i = 0; i < 5; i++) ws.addRow([`count_s${i}`, `计数学生${i}`, `CS00${i}`, '学生', '', '', '', '', '']);
    for (let i = 0; i < 3; i++) ws.addRow([`count_t${i}`, `计数教工${i}`, `CT00${i}`, '教职工', '', '', '', '', '']);
    const body = multipartBody({
      filename: 'users.xlsx',
      content: Buffer.from(await wb.xlsx.writeBuffer()),
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    const imported = await app.injectAs('admin', { method: 'POST', url: '/user/api/v1.account/import/', ...body });
    expect(imported.json().errorCode).toBe(Codes.ok);
    const afterImport = await summary();
    expect(afterImport).toMatchObject({
      users: before.users + 8,
      students: before.students + 5,
      staff: before.staff + 3,
    });
    expect(afterImport).toMatchObject(await truth());

    await app.db.updateTable('appUser').set({ kind: 'staff' }).where('username', '=', 'count_s0').execute();
    const one = await createTestUser(app, { username: 'count_one', password: 'Count@2026' });
    await app.db.deleteFrom('appUser').where('id', '=', one).execute();
    await app.db.deleteFrom('appUser').where('username', 'in', ['count_s1', 'count_s2', 'count_t0']).execute();
    const after = await summary();
    expect(after).toMatchObject({ users: before.users + 5, students: before.students + 2, staff: before.staff + 3 });
    expect(after).toMatchObject(await truth());
  });

  it('lists the ten latest audit rows, newest first', async () => {
    const base = Date.now() + 60_000;
    await app.db
      .insertInto('auditLog')
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          at: base + i,
          actorId: null,
          actorName: `用户${i}`,
          action: 'theme_saved',
          target: 'theme',
          detail: null,
          ip: null,
          result: 'ok',
        })),
      )
      .execute();
    const s = (await app.injectAs('admin', { method: 'GET', url: URL })).json().data;
    expect(s.recentAudit).toHaveLength(10);
    expect(s.recentAudit[0]).toEqual({
      at: base + 11,
      actorName: '用户11',
      action: 'theme_saved',
      target: 'theme',
      result: 'ok',
    });
    expect(s.recentAudit[9].actorName).toBe('用户2');
  });
});
