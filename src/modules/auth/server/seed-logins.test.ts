import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import { insertLoginHistory } from './seed-logins';

describe("a demo start's week of sign-ins", () => {
  let app: TestApp;
  const now = Date.now();
  beforeAll(async () => {
    app = await buildTestApp();
    await app.db.deleteFrom('auditLog').execute();
    await app.db.transaction().execute((tx) => insertLoginHistory(tx, now));
  });
  afterAll(async () => {
    await app.close();
  });

  it('fills the login chart: every day of the week, more on weekdays, at waking hours, nothing after now', async () => {
    const rows = await app.db.selectFrom('auditLog').selectAll().execute();
    expect(rows.length).toBeGreaterThan(100);
    for (const r of rows) {
      expect(r).toMatchObject({ action: 'login', result: 'ok', detail: 'password' });
      expect(Number(r.at)).toBeLessThan(now);
      const h = new Date(Number(r.at)).getHours();
      expect(h).toBeGreaterThanOrEqual(6);
    }
    const users = new Map(
      (await app.db.selectFrom('appUser').select(['id', 'username']).execute()).map((u) => [u.id, u.username]),
    );
    // The audit row names the account that signed in, as a real sign-in writes it.
    expect(rows.every((r) => users.get(r.actorId!) === r.actorName)).toBe(true);

    const res = await app.injectAs('admin', { method: 'GET', url: '/user/api/v1.dashboard/summary/' });
    const body = res.json();
    expect(body.errorCode).toBe(Codes.ok);
    const week = body.data.logins7d as { day: string; count: number }[];
    expect(week).toHaveLength(7);
    const days = week.slice(0, 6); // today is still going on
    const isWeekend = (d: string) => [0, 6].includes(new Date(`${d}T12:00:00`).getDay());
    for (const d of days) expect(d.count).toBeGreaterThan(isWeekend(d.day) ? 10 : 60);
    expect(week.reduce((a, d) => a + d.count, 0)).toBe(rows.length);
  });
});
