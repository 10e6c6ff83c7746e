import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { hashToken } from '@/server/identity/sessions';
import { Codes } from '@/shared/errors';
import { flattenRouteNames } from '@/shared/menus';

const URL = '/user/api/v1.platform/choice_platform/';

describe('choice_platform', () => {
  let app: TestApp;
  let platformId: (name: string) => Promise<number>;
  beforeAll(async () => {
    app = await buildTestApp();
    platformId = async (name) =>
      (await app.db.selectFrom('platform').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await app.close();
  });

  const choose = (token: string, id: number) =>
    app.inject({
      method: 'POST',
      url: URL,
      headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `platform_id=${id}`,
    });

  it("lets the teacher choose one of their platforms, answers its menu and makes it the session's platform", async () => {
    const token = await app.tokenFor('teacher');
    const id = await platformId('一表通平台');
    const res = await choose(token, id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.errorCode).toBe(Codes.ok);
    expect(body.data).toMatchObject({
      platform_id: id,
      platform_name: '一表通平台',
      kind: 'one-form',
      index_url: '/web/oneTablePlatform/myDataCenter',
    });
    const names = flattenRouteNames(body.data.web);
    // 一表通平台 takes only the menu pages that name it (RouteSpec.platforms).
    const oneForm = app.modules.routes.filter((x) => x.area === 'web' && x.menu && x.platforms?.includes('one-form'));
    expect(oneForm.length).toBeGreaterThan(0);
    for (const r of oneForm) expect(names.has(r.name), r.name).toBe(true);
    expect(names.has('taskFormWrite')).toBe(false);
    const session = await app.db
      .selectFrom('session')
      .select('platformId')
      .where('tokenHash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    expect(session.platformId).toBe(id);
    const audit = await app.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'choice_platform')
      .where('actorName', '=', 'teacher')
      .executeTakeFirstOrThrow();
    expect(audit.result).toBe('ok');
  });

  it("refuses a platform that is not the user's with no permission, leaving the session as it was", async () => {
    const token = await app.tokenFor('student');
    const res = await choose(token, await platformId('教职工服务平台'));
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe(Codes.noPermission);
    const fails = await app.db
      .selectFrom('auditLog')
      .select('result')
      .where('action', '=', 'choice_platform')
      .where('actorName', '=', 'student')
      .execute();
    expect(fails.map((f) => f.result)).toEqual(['fail']);
  });

  it('refuses a disabled platform even to its members', async () => {
    const id = await platformId('教职工服务平台');
    await app.db.updateTable('platform').set({ status: 'disabled' }).where('id', '=', id).execute();
    try {
      const res = await choose(await app.tokenFor('teacher'), id);
      expect(res.json().errorCode).toBe(Codes.noPermission);
    } finally {
      await app.db.updateTable('platform').set({ status: 'active' }).where('id', '=', id).execute();
    }
    expect((await choose(await app.tokenFor('teacher'), id)).json().errorCode).toBe(Codes.ok);
  });

  it('refuses administrators, who have no platforms', async () => {
    const res = await choose(await app.tokenFor('admin'), await platformId('学生服务平台'));
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe(Codes.noPermission);
  });

  it('refuses an unknown platform and a caller without a token', async () => {
    expect((await choose(await app.tokenFor('student'), 99999)).json().errorCode).toBe(Codes.noPermission);
    const anon = await app.inject({ method: 'POST', url: URL, payload: { platform_id: 1 } });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().errorCode).toBe(Codes.notAuthenticated);
  });

  it('rejects a missing or malformed platform_id as input error', async () => {
    const token = await app.tokenFor('student');
    const res = await app.inject({
      method: 'POST',
      url: URL,
      headers: { authorization: token },
      payload: { platform_id: 'abc' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe(Codes.inputError);
  });
});
