import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestUser, type TestApp } from '@/server/test/helper';
import { multipartBody, TINY_PNG } from '@/server/test/multipart';
import { loginMenus } from '@/server/identity/menus';
import { Codes } from '@/shared/errors';

const P = '/user/api/v1.platform';

describe('platform config endpoints', () => {
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
  const userId = async (username: string) =>
    (await app.db.selectFrom('appUser').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  const post = (url: string, payload: object, token = admin) =>
    app.inject({ method: 'POST', url: `${P}/${url}/`, payload, headers: { authorization: token } });
  const get = (url: string, query: Record<string, string | number>, token = admin) =>
    app.inject({
      method: 'GET',
      url: `${P}/${url}/`,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers: { authorization: token },
    });
  const auditRows = (action: string) =>
    app.db.selectFrom('auditLog').selectAll().where('action', '=', action).execute();
  const valid = {
    name: '研究生服务平台',
    icon: '/images/platforms/student.svg',
    indexUrl: '/web/home/index',
    kind: 'normal',
    sort: 9,
  };

  it('answers every platform by sort with user and role counts to an administrator', async () => {
    const res = await get('list', {});
    const body = res.json();
    expect(body.errorCode).toBe(Codes.ok);
    const rows = await app.db.selectFrom('platform').select(['id', 'sort']).orderBy('sort').orderBy('id').execute();
    expect(body.data.map((p: { id: number }) => p.id)).toEqual(rows.map((r) => r.id));
    for (const p of body.data) {
      const users = await app.db
        .selectFrom('platformUser')
        .select((e) => e.fn.countAll<number>().as('c'))
        .where('platformId', '=', p.id)
        .executeTakeFirstOrThrow();
      const roles = await app.db
        .selectFrom('platformRole')
        .select((e) => e.fn.countAll<number>().as('c'))
        .where('platformId', '=', p.id)
        .executeTakeFirstOrThrow();
      expect(p.userCount).toBe(Number(users.c));
      expect(p.roleCount).toBe(Number(roles.c));
      expect(Object.keys(p).sort()).toEqual([
        'icon',
        'id',
        'indexUrl',
        'kind',
        'name',
        'roleCount',
        'sort',
        'status',
        'userCount',
      ]);
    }
    expect(body.data.some((p: { roleCount: number }) => p.roleCount > 0)).toBe(true);
  });

  it('refuses every endpoint without a token (0x00000011) and to a user (0x00000010)', async () => {
    const student = await app.tokenFor('student');
    const calls: [string, string][] = [
      ['GET', `${P}/list/`],
      ['POST', `${P}/create/`],
      ['POST', `${P}/update/`],
      ['POST', `${P}/set_status/`],
      ['POST', `${P}/delete/`],
      ['POST', `${P}/icon/`],
      ['GET', `${P}/users/`],
      ['POST', `${P}/assign_users/`],
      ['GET', `${P}/roles/`],
      ['POST', `${P}/set_roles/`],
      ['GET', '/user/api/v1.menu/tree/'],
      ['GET', '/user/api/v1.menu/routes/'],
      ['POST', '/user/api/v1.menu/save_tree/'],
      ['POST', '/user/api/v1.menu/sync_routes/'],
      ['GET', '/user/api/v1.permission/role_menus/'],
      ['POST', '/user/api/v1.permission/save/'],
    ];
    for (const [method, url] of calls) {
      const none = await app.inject({ method: method as 'GET', url });
      expect(none.json().errorCode, `${method} ${url}`).toBe(Codes.notAuthenticated);
      const user = await app.inject({ method: method as 'GET', url, headers: { authorization: student } });
      expect(user.json().errorCode, `${method} ${url}`).toBe(Codes.noPermission);
    }
    const declared = app.declaredRoutes.filter(
      (r) => /^\/user\/api\/v1\.(platform|menu|permission)\//.test(r.url) && !r.url.includes('choice_platform'),
    );
    expect(declared.map((r) => `${r.method} ${r.url}`).sort()).toEqual(calls.map(([m, u]) => `${m} ${u}`).sort());
    expect(declared.every((r) => r.access === 'admin')).toBe(true);
  });

  it('creates a platform, answering it with zero counts, and audits it', async () => {
    const res = await post('create', valid);
    expect(res.json().errorCode).toBe(Codes.ok);
    expect(res.json().data).toMatchObject({ ...valid, status: 'active', userCount: 0, roleCount: 0 });
    const row = await app.db
      .selectFrom('platform')
      .selectAll()
      .where('id', '=', res.json().data.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: valid.name,
      indexUrl: '/web/home/index',
      kind: 'normal',
      sort: 9,
      status: 'active',
    });
    expect((await auditRows('platform_created')).at(-1)).toMatchObject({
      actorName: 'admin',
      result: 'ok',
      target: `platform:${row.id} ${valid.name}`,
    });
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: 'x'.repeat(51) }, 'name'],
    [{ name: '学生服务平台' }, 'name'],
    [{ indexUrl: '/web/nowhere' }, 'indexUrl'],
    [{ indexUrl: '/cms/home/index' }, 'indexUrl'],
    [{ icon: 'javascript:alert(1)' }, 'icon'],
    [{ icon: '//evil.example/x.png' }, 'icon'],
    [{ kind: 'weird' }, 'kind'],
  ])('refuses a platform with %o naming field %s, saving nothing', async (change, field) => {
    const before = await app.db.selectFrom('platform').select('id').execute();
    const res = await post('create', { ...valid, name: '新平台', ...change });
    expect(res.json().errorCode).toBe(Codes.inputError);
    expect(JSON.stringify(res.json())).toContain(field);
    if (field === 'indexUrl') expect(res.json().message).toBe('首页地址必须是系统中存在的页面');
    expect(await app.db.selectFrom('platform').select('id').execute()).toHaveLength(before.length);
  });

  it('updates a platform, keeping its own name free, and answers 404 for an unknown one', async () => {
    const id = await platformId('一表通平台');
    const res = await post('update', {
      id,
      name: '一表通平台',
      icon: 'https://cdn.example.edu/one.png',
      indexUrl: '/home/index',
      kind: 'one-form',
      sort: 3,
    });
    expect(res.json().errorCode).toBe(Codes.ok);
    expect(res.json().data).toMatchObject({ id, icon: 'https://cdn.example.edu/one.png', indexUrl: '/home/index' });
    expect((await auditRows('platform_updated')).at(-1)!.target).toBe(`platform:${id} 一表通平台`);
    await post('update', {
      id,
      name: '一表通平台',
      icon: '/images/platforms/one-form.svg',
      indexUrl: '/web/home/index',
      kind: 'one-form',
      sort: 3,
    });
    expect((await post('update', { id: 99999, ...valid })).json().errorCode).toBe(Codes.notFound);
    expect((await post('update', { id, ...valid, name: '学生服务平台' })).json().errorCode).toBe(Codes.inputError);
  });

  it('uploads a public icon image and refuses other files and images over 1 MB', async () => {
    const up = (file: Parameters<typeof multipartBody>[0]) => {
      const body = multipartBody(file);
      return app.inject({
        method: 'POST',
        url: `${P}/icon/`,
        payload: body.payload,
        headers: { ...body.headers, authorization: admin },
      });
    };
    const res = await up({ filename: 'icon.png', content: TINY_PNG, type: 'image/png' });
    expect(res.json().errorCode).toBe(Codes.ok);
    const url: string = res.json().data.url;
    expect(url).toMatch(/^\/resource\/api\/v1\.file\/[0-9a-f-]+$/);
    const stored = await app.db
      .selectFrom('upload')
      .selectAll()
      .where('id', '=', url.split('/').pop()!)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ isPublic: 1, purpose: 'platform-icon', mime: 'image/png' });
    expect(
      (await up({ filename: 'a.txt', content: Buffer.from('hello'), type: 'text/plain' })).json().errorCode,
    ).not.toBe(Codes.ok);
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(1024 * 1024 + 10)]);
    expect((await up({ filename: 'big.png', content: big, type: 'image/png' })).json().errorCode).toBe(
      Codes.payloadTooLarge,
    );
    // The uploaded address is a valid platform icon.
    const created = await post('create', { ...valid, name: '图标平台', icon: url });
    expect(created.json().data.icon).toBe(url);
  });

  it("disabling a platform hides it from users' login menus and platform choice at once, and its menu stops granting", async () => {
    const id = await platformId('学生服务平台');
    const student = await userId('student');
    const chosen = await app.tokenFor('student', id);
    expect(
      (await app.inject({ method: 'GET', url: '/test/web-home-only/', headers: { authorization: chosen } })).json()
        .errorCode,
    ).toBe(Codes.ok);
    expect((await loginMenus(app.db, { id: student, isAdmin: false })).plant_front.map((p) => p.platform_id)).toContain(
      id,
    );

    expect((await post('set_status', { id, status: 'disabled' })).json().errorCode).toBe(Codes.ok);
    try {
      expect(
        (await loginMenus(app.db, { id: student, isAdmin: false })).plant_front.map((p) => p.platform_id),
      ).not.toContain(id);
      const choose = await app.inject({
        method: 'POST',
        url: `${P}/choice_platform/`,
        payload: { platform_id: id },
        headers: { authorization: chosen },
      });
      expect(choose.json().errorCode).toBe(Codes.noPermission);
      expect(
        (await app.inject({ method: 'GET', url: '/test/web-home-only/', headers: { authorization: chosen } })).json()
          .errorCode,
      ).toBe(Codes.noPermission);
      expect((await get('list', {})).json().data.find((p: { id: number }) => p.id === id).status).toBe('disabled');
      expect((await auditRows('platform_disabled')).at(-1)!.target).toBe(`platform:${id} 学生服务平台`);
    } finally {
      expect((await post('set_status', { id, status: 'active' })).json().errorCode).toBe(Codes.ok);
    }
    expect((await loginMenus(app.db, { id: student, isAdmin: false })).plant_front.map((p) => p.platform_id)).toContain(
      id,
    );
  });

  it('deletes a platform only when disabled and nobody is assigned', async () => {
    const created = (await post('create', { ...valid, name: '待删除平台' })).json().data;
    const uid = await createTestUser(app, { username: 'pc-del-user', password: 'Pass@2026x' });
    expect(
      (await post('assign_users', { platformId: created.id, action: 'add', userIds: [uid] })).json().errorCode,
    ).toBe(Codes.ok);
    const active = await post('delete', { id: created.id });
    expect(active.json().errorCode).toBe(Codes.conflict);
    expect(active.json().message).toContain('停用');
    await post('set_status', { id: created.id, status: 'disabled' });
    const assigned = await post('delete', { id: created.id });
    expect(assigned.json().errorCode).toBe(Codes.conflict);
    expect(assigned.json().message).toContain('1 个用户');
    await post('assign_users', { platformId: created.id, action: 'remove', userIds: [uid] });
    expect((await post('delete', { id: created.id })).json().errorCode).toBe(Codes.ok);
    expect(
      await app.db.selectFrom('platform').select('id').where('id', '=', created.id).executeTakeFirst(),
    ).toBeUndefined();
    expect((await auditRows('platform_deleted')).at(-1)!.target).toBe(`platform:${created.id} 待删除平台`);
    expect((await post('delete', { id: created.id })).json().errorCode).toBe(Codes.notFound);
  });

  it('adds and removes members, lists them paginated with search, and refuses unknown users and administrators', async () => {
    const created = (await post('create', { ...valid, name: '成员平台' })).json().data;
    const ids: number[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(await createTestUser(app, { username: `pc-member-${i}`, password: 'Pass@2026x' }));
    expect((await post('assign_users', { platformId: created.id, action: 'add', userIds: ids })).json().errorCode).toBe(
      Codes.ok,
    );
    // Adding again is harmless.
    expect(
      (await post('assign_users', { platformId: created.id, action: 'add', userIds: [ids[0]] })).json().errorCode,
    ).toBe(Codes.ok);
    const page1 = (await get('users', { platformId: created.id, page: 1, pageSize: 2 })).json().data;
    expect(page1).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(page1.list.map((u: { id: number }) => u.id)).toEqual(ids.slice(0, 2));
    expect(page1.list[0]).toMatchObject({
      username: 'pc-member-0',
      realName: 'pc-member-0',
      departmentName: null,
      status: 'active',
    });
    const page3 = (await get('users', { platformId: created.id, page: 3, pageSize: 2 })).json().data;
    expect(page3.list.map((u: { id: number }) => u.id)).toEqual([ids[4]]);
    const found = (await get('users', { platformId: created.id, keyword: 'member-3' })).json().data;
    expect(found.list.map((u: { id: number }) => u.id)).toEqual([ids[3]]);
    expect((await get('list', {})).json().data.find((p: { id: number }) => p.id === created.id).userCount).toBe(5);

    const bad = await post('assign_users', { platformId: created.id, action: 'add', userIds: [ids[0], 987654] });
    expect(bad.json().errorCode).toBe(Codes.inputError);
    expect(bad.json().data).toMatchObject({ field: 'userIds' });
    const adminAdd = await post('assign_users', {
      platformId: created.id,
      action: 'add',
      userIds: [await userId('admin')],
    });
    expect(adminAdd.json().errorCode).toBe(Codes.inputError);

    expect(
      (await post('assign_users', { platformId: created.id, action: 'remove', userIds: [ids[1], ids[2]] })).json()
        .errorCode,
    ).toBe(Codes.ok);
    expect((await get('users', { platformId: created.id })).json().data.total).toBe(3);
    expect((await auditRows('platform_users_removed')).at(-1)).toMatchObject({ detail: `${ids[1]},${ids[2]}` });
    expect((await get('users', { platformId: 99999 })).json().errorCode).toBe(Codes.notFound);
  });

  it('a directly assigned user sees the platform in their login menus', async () => {
    const created = (await post('create', { ...valid, name: '直属平台' })).json().data;
    const uid = await createTestUser(app, { username: 'pc-direct', password: 'Pass@2026x' });
    expect((await loginMenus(app.db, { id: uid, isAdmin: false })).plant_front).toEqual([]);
    await post('assign_users', { platformId: created.id, action: 'add', userIds: [uid] });
    expect((await loginMenus(app.db, { id: uid, isAdmin: false })).plant_front.map((p) => p.platform_name)).toEqual([
      '直属平台',
    ]);
  });

  it('replaces the roles of a platform and refuses unknown roles, leaving the old set', async () => {
    const created = (await post('create', { ...valid, name: '角色平台' })).json().data;
    const roles = await app.db.selectFrom('role').select('id').orderBy('id').execute();
    const [a, b, c] = roles.map((r) => r.id);
    expect((await post('set_roles', { platformId: created.id, roleIds: [a, b] })).json().errorCode).toBe(Codes.ok);
    expect((await get('roles', { platformId: created.id })).json().data).toEqual([a, b]);
    expect((await post('set_roles', { platformId: created.id, roleIds: [c] })).json().errorCode).toBe(Codes.ok);
    expect((await get('roles', { platformId: created.id })).json().data).toEqual([c]);
    const bad = await post('set_roles', { platformId: created.id, roleIds: [a, 987654] });
    expect(bad.json().errorCode).toBe(Codes.inputError);
    expect(bad.json().data).toMatchObject({ field: 'roleIds' });
    expect((await get('roles', { platformId: created.id })).json().data).toEqual([c]);
    expect((await post('set_roles', { platformId: created.id, roleIds: [] })).json().errorCode).toBe(Codes.ok);
    expect((await get('roles', { platformId: created.id })).json().data).toEqual([]);
    expect((await auditRows('platform_roles_set')).length).toBeGreaterThanOrEqual(3);
  });

  it('a failing audit write rolls the change back: nothing half-saved', async () => {
    const id = await platformId('教职工服务平台');
    const roleBefore = (await get('roles', { platformId: id })).json().data;
    await sql`alter table audit_log rename to audit_log_off`.execute(app.db);
    try {
      const res = await post('set_roles', { platformId: id, roleIds: [] });
      expect(res.statusCode).toBe(500);
      const created = await post('create', { ...valid, name: '回滚平台' });
      expect(created.statusCode).toBe(500);
    } finally {
      await sql`alter table audit_log_off rename to audit_log`.execute(app.db);
    }
    expect((await get('roles', { platformId: id })).json().data).toEqual(roleBefore);
    expect(
      await app.db.selectFrom('platform').select('id').where('name', '=', '回滚平台').executeTakeFirst(),
    ).toBeUndefined();
  });
});
