import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper';
import { authorisedRouteNames, userPlatforms } from './menus';

describe('authorised route names', () => {
  let app: TestApp;
  let student: { userId: number; isAdmin: boolean; platformId: number };
  beforeAll(async () => {
    app = await buildTestApp();
    const u = await app.db
      .selectFrom('appUser')
      .select('id')
      .where('username', '=', 'student')
      .executeTakeFirstOrThrow();
    const [p] = await userPlatforms(app.db, u.id);
    student = { userId: u.id, isAdmin: false, platformId: p!.id };
  });
  afterAll(async () => {
    await app.close();
  });

  it('gives a user the granted menu of their platform, with or without a chosen one when they have only one', async () => {
    expect(await authorisedRouteNames(app.db, student)).toContain('webHomeIndex');
    expect(await authorisedRouteNames(app.db, { ...student, platformId: null })).toContain('webHomeIndex');
  });

  it("gives nothing for a platform that is not the user's", async () => {
    const other = await app.db
      .selectFrom('platform')
      .select('id')
      .where('id', '!=', student.platformId)
      .executeTakeFirstOrThrow();
    expect(await authorisedRouteNames(app.db, { ...student, platformId: other.id })).toEqual(new Set());
  });

  it('gives nothing once the chosen platform is disabled, and again once it is enabled', async () => {
    await app.db.updateTable('platform').set({ status: 'disabled' }).where('id', '=', student.platformId).execute();
    expect(await authorisedRouteNames(app.db, student)).toEqual(new Set());
    await app.db.updateTable('platform').set({ status: 'active' }).where('id', '=', student.platformId).execute();
    expect(await authorisedRouteNames(app.db, student)).toContain('webHomeIndex');
  });

  it('gives an administrator the cms menu', async () => {
    const admin = await app.db
      .selectFrom('appUser')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(await authorisedRouteNames(app.db, { userId: admin.id, isAdmin: true, platformId: null })).toContain(
      'cmsHome',
    );
  });
});
