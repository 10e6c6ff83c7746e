import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../server/test/helper';
import { Codes } from '../../../shared/errors';

describe('platform list', () => {
  let app: TestApp;
  beforeAll(async () => { app = await buildTestApp(); });
  afterAll(async () => { await app.close(); });

  it('answers every platform by sort with user and role counts to an administrator', async () => {
    const res = await app.injectAs('admin', { method: 'GET', url: '/user/api/v1.platform/list/' });
    const body = res.json();
    expect(body.errorCode).toBe(Codes.ok);
    const rows = await app.db.selectFrom('platform').select(['id', 'sort']).orderBy('sort').orderBy('id').execute();
    expect(body.data.map((p: { id: number }) => p.id)).toEqual(rows.map((r) => r.id));
    for (const p of body.data) {
      const users = await app.db.selectFrom('platformUser').select((e) => e.fn.countAll<number>().as('c')).where('platformId', '=', p.id).executeTakeFirstOrThrow();
      const roles = await app.db.selectFrom('platformRole').select((e) => e.fn.countAll<number>().as('c')).where('platformId', '=', p.id).executeTakeFirstOrThrow();
      expect(p.userCount).toBe(Number(users.c));
      expect(p.roleCount).toBe(Number(roles.c));
      expect(Object.keys(p).sort()).toEqual(['icon', 'id', 'indexUrl', 'kind', 'name', 'roleCount', 'sort', 'status', 'userCount']);
    }
    expect(body.data.some((p: { roleCount: number }) => p.roleCount > 0)).toBe(true);
  });

  it('refuses a caller without a token and a user', async () => {
    expect((await app.inject({ method: 'GET', url: '/user/api/v1.platform/list/' })).json().errorCode).toBe(Codes.notAuthenticated);
    expect((await app.injectAs('student', { method: 'GET', url: '/user/api/v1.platform/list/' })).json().errorCode).toBe(Codes.noPermission);
  });
});
