import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { loginMenus } from '@/server/identity/menus';
import { Codes } from '@/shared/errors';
import { flattenRouteNames } from '@/shared/menus';

const G = '/user/api/v1.permission';

describe('role grants', () => {
  let app: TestApp;
  let admin: string;
  beforeAll(async () => {
    app = await buildTestApp({
      routes: async (r) => {
        r.get('/test/web-home-only/', { config: { access: { any: ['webHomeIndex'] } } }, async () => ({
          errorCode: Codes.ok,
          message: '',
          data: 1,
        }));
      },
    });
    admin = await app.tokenFor('admin');
  });
  afterAll(async () => {
    await app.close();
  });

  const platformId = async (name: string) =>
    (await app.db.selectFrom('platform').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const roleId = async (code: string) =>
    (await app.db.selectFrom('role').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  const userId = async (username: string) =>
    (await app.db.selectFrom('appUser').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  const menuIds = async (pid: number) =>
    (
      await app.db
        .selectFrom('menu')
        .select('id')
        .where('scope', '=', 'web')
        .where('platformId', '=', pid)
        .orderBy('id')
        .execute()
    ).map((r) => r.id);
  const granted = async (pid: number, rid: number) => {
    const res = await app.inject({
      method: 'GET',
      url: `${G}/role_menus/`,
      query: { platformId: String(pid), roleId: String(rid) },
      headers: { authorization: admin },
    });
    expect(res.json().errorCode).toBe(Codes.ok);
    return res.json().data as number[];
  };
  const save = (body: object) =>
    app.inject({ method: 'POST', url: `${G}/save/`, payload: body, headers: { authorization: admin } });

  it("answers a role's granted menu ids on a platform", async () => {
    const pid = await platformId('学生服务平台');
    expect(await granted(pid, await roleId('student'))).toEqual(await menuIds(pid));
    expect(await granted(pid, await roleId('staff'))).toEqual([]);
    const unknown = await app.inject({
      method: 'GET',
      url: `${G}/role_menus/`,
      query: { platformId: String(pid), roleId: '99999' },
      headers: { authorization: admin },
    });
    expect(unknown.json().errorCode).toBe(Codes.notFound);
  });

  it('a removed grant refuses the user at once server-side, and their login menus follow', async () => {
    const pid = await platformId('学生服务平台');
    const rid = await roleId('student');
    const student = await userId('student');
    const token = await app.tokenFor('student');
    const call = () => app.inject({ method: 'GET', url: '/test/web-home-only/', headers: { authorization: token } });
    const webNames = async () =>
      flattenRouteNames(
        (await loginMenus(app.db, { id: student, isAdmin: false })).plant_front.find((p) => p.platform_id === pid)!.web,
      );
    expect((await call()).json().errorCode).toBe(Codes.ok);
    expect((await webNames()).has('webHomeIndex')).toBe(true);

    const all = await menuIds(pid);
    const home = (
      await app.db
        .selectFrom('menu')
        .select('id')
        .where('platformId', '=', pid)
        .where('name', '=', 'webHomeIndex')
        .executeTakeFirstOrThrow()
    ).id;
    expect(
      (await save({ platformId: pid, roleId: rid, menuIds: all.filter((id) => id !== home) })).json().errorCode,
    ).toBe(Codes.ok);
    // Same token, next request: refused.
    const refused = await call();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe(Codes.noPermission);
    expect((await webNames()).has('webHomeIndex')).toBe(false);
    expect(await granted(pid, rid)).toEqual(all.filter((id) => id !== home));

    expect((await save({ platformId: pid, roleId: rid, menuIds: all })).json().errorCode).toBe(Codes.ok);
    expect((await call()).json().errorCode).toBe(Codes.ok);
    expect((await webNames()).has('webHomeIndex')).toBe(true);
    const audit = await app.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'permission_saved')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actorName: 'admin', result: 'ok', target: `platform:${pid} role:${rid} 学生` });
  });

  it("replaces only that platform's grants of the role", async () => {
    const staff = await roleId('staff');
    const [p1, p2] = [await platformId('教职工服务平台'), await platformId('一表通平台')];
    const before2 = await granted(p2, staff);
    expect(before2.length).toBeGreaterThan(0);
    const ids1 = await menuIds(p1);
    expect((await save({ platformId: p1, roleId: staff, menuIds: ids1.slice(0, 1) })).json().errorCode).toBe(Codes.ok);
    expect(await granted(p1, staff)).toEqual(ids1.slice(0, 1));
    expect(await granted(p2, staff)).toEqual(before2);
    await save({ platformId: p1, roleId: staff, menuIds: ids1 });
  });

  it('refuses menu ids of another platform or the cms menu, changing nothing', async () => {
    const staff = await roleId('staff');
    const [p1, p2] = [await platformId('教职工服务平台'), await platformId('一表通平台')];
    const before = await granted(p1, staff);
    const foreign = (await menuIds(p2))[0]!;
    const cms = (await app.db.selectFrom('menu').select('id').where('scope', '=', 'cms').executeTakeFirstOrThrow()).id;
    for (const bad of [foreign, cms, 999999]) {
      const res = await save({ platformId: p1, roleId: staff, menuIds: [before[0], bad] });
      expect(res.json().errorCode).toBe(Codes.inputError);
      expect(res.json().message).toBe('所选菜单不属于该平台');
      expect(res.json().data).toMatchObject({ field: 'menuIds' });
    }
    expect(await granted(p1, staff)).toEqual(before);
    expect((await save({ platformId: 99999, roleId: staff, menuIds: [] })).json().errorCode).toBe(Codes.notFound);
    expect((await save({ platformId: p1, roleId: 99999, menuIds: [] })).json().errorCode).toBe(Codes.notFound);
    expect((await save({ platformId: p1, roleId: staff, menuIds: 'x' })).json().errorCode).toBe(Codes.inputError);
  });

  it('a granted group shows with its granted children in the login menu', async () => {
    const pid = await platformId('学生服务平台');
    const rid = await roleId('student');
    const student = await userId('student');
    // Move home under a group, then grant the group (half-checked parent) and home.
    const res = await app.inject({
      method: 'POST',
      url: '/user/api/v1.menu/save_tree/',
      headers: { authorization: admin },
      payload: {
        scope: 'web',
        platformId: pid,
        nodes: [
          {
            name: 'group:mine',
            path: '',
            title: '我的',
            icon: null,
            sort: 0,
            relationRoutes: [],
            children: [
              {
                id: (
                  await app.db
                    .selectFrom('menu')
                    .select('id')
                    .where('platformId', '=', pid)
                    .where('name', '=', 'webHomeIndex')
                    .executeTakeFirstOrThrow()
                ).id,
                name: 'webHomeIndex',
                path: '/web/home/index',
                title: '首页',
                icon: 'HomeOutlined',
                sort: 0,
                relationRoutes: ['noticeDetail'],
                children: [],
              },
            ],
          },
        ],
      },
    });
    expect(res.json().errorCode).toBe(Codes.ok);
    const ids = await menuIds(pid);
    expect(ids).toHaveLength(2);
    // The kept node kept its grant; the new group has none until saved.
    expect(await granted(pid, rid)).toHaveLength(1);
    expect((await save({ platformId: pid, roleId: rid, menuIds: ids })).json().errorCode).toBe(Codes.ok);
    const web = (await loginMenus(app.db, { id: student, isAdmin: false })).plant_front.find(
      (p) => p.platform_id === pid,
    )!.web;
    expect(web).toHaveLength(1);
    expect(web[0]).toMatchObject({
      name: 'group:mine',
      title: '我的',
      children: [{ name: 'webHomeIndex', title: '首页' }],
    });
  });
});
