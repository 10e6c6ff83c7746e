import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestUser, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';

/** 部门负责人: kept by department/update (leaderIds), shown by getDepartment, read by the workflow engine. */
describe('department leaders', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const post = (who: string, url: string, body: Record<string, unknown>) =>
    app.injectAs(who, { method: 'POST', url, payload: body });
  const detail = async (id: number) =>
    (await post('admin', '/user/api/v1.department/getDepartment/', { id })).json().data as {
      leaders: { id: number; realName: string }[];
    };

  it('sets, keeps, reorders and clears leaders; refuses disabled or unknown people and non-administrators', async () => {
    const a = await createTestUser(app, { username: 'lead_a', password: 'Lead@2026', kind: 'staff' });
    const b = await createTestUser(app, { username: 'lead_b', password: 'Lead@2026', kind: 'staff' });
    const off = await createTestUser(app, {
      username: 'lead_off',
      password: 'Lead@2026',
      kind: 'staff',
      status: 'disabled',
    });
    const { id } = (
      await post('admin', '/user/api/v1.department/create/', {
        name: '测试处',
        code: 'T77',
        kind: 'office',
        parentId: null,
      })
    ).json().data as { id: number };
    const base = { id, name: '测试处', code: 'T77', kind: 'office', sort: 1 };

    expect(
      (await post('admin', '/user/api/v1.department/update/', { ...base, leaderIds: [b, a] })).json().errorCode,
    ).toBe(Codes.ok);
    expect((await detail(id)).leaders.map((l) => l.id)).toEqual([b, a]);
    // Without leaderIds the leaders stay.
    expect((await post('admin', '/user/api/v1.department/update/', base)).json().errorCode).toBe(Codes.ok);
    expect((await detail(id)).leaders.map((l) => l.id)).toEqual([b, a]);

    const bad = await post('admin', '/user/api/v1.department/update/', { ...base, leaderIds: [a, off] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.field).toBe('leaderIds');
    expect((await detail(id)).leaders.map((l) => l.id)).toEqual([b, a]);
    expect((await post('teacher', '/user/api/v1.department/update/', { ...base, leaderIds: [] })).statusCode).toBe(403);

    // A department whose leaders are set can still be deleted (its leader rows go with it).
    expect((await post('admin', '/user/api/v1.department/delete/', { id })).json().errorCode).toBe(Codes.ok);
    expect(
      await app.db.selectFrom('departmentLeader').select('userId').where('departmentId', '=', id).execute(),
    ).toEqual([]);
  });
});
