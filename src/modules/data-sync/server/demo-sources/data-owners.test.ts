import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '@/server/db/seed';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { DATA_OFFICES, DEMO_DATA_OWNERS, dataOwners } from './data-owners';

describe("the demo's data owners (full seed)", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ seed: 'none' });
    await seedDemo(app.db, { size: 'full', catalog: app.modules });
  }, 120_000);
  afterAll(() => app.close());

  it('are the staff the README names, each in their office, signing in with their 工号', async () => {
    const owners = await dataOwners(app.db);
    for (const office of DATA_OFFICES) {
      const o = owners.get(office)!;
      expect({ office, userNo: o.userNo, realName: o.realName }).toEqual({ office, ...DEMO_DATA_OWNERS[office] });
      const user = await app.db
        .selectFrom('appUser')
        .innerJoin('department', 'department.id', 'appUser.departmentId')
        .select(['appUser.username', 'department.code'])
        .where('appUser.userNo', '=', o.userNo!)
        .executeTakeFirstOrThrow();
      expect(user).toEqual({ username: o.userNo, code: office });
    }
  });
});
