import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '@/server/app';
import { seedDemo } from '@/server/db/seed';
import { loginMenus } from '@/server/identity/menus';
import {
  buildTestApp,
  createPgSchema,
  dropPgSchema,
  testConfig,
  usePostgres,
  type TestApp,
} from '@/server/test/helper';
import { flattenRouteNames } from '@/shared/menus';
import { Codes } from '@/shared/errors';
import { moduleCatalog } from '@/server/module-catalog';
import type { MenuTreeNode } from '../contract';
import { syncCmsMenu } from './sync-cms-menu';

const M = '/user/api/v1.menu';
// The modules under src/modules, as every app of this file finds them.
const allRoutes = (await moduleCatalog()).routes;
const webHomeIndex = allRoutes.find((r) => r.name === 'webHomeIndex')!;

describe('menu trees', () => {
  let app: TestApp;
  let admin: string;
  beforeAll(async () => {
    app = await buildTestApp();
    admin = await app.tokenFor('admin');
  });
  afterAll(async () => {
    await app.close();
  });

  const platformId = async (name: string) =>
    (await app.db.selectFrom('platform').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const roleId = async (code: string) =>
    (await app.db.selectFrom('role').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  const tree = async (scope: 'web' | 'cms', pid?: number): Promise<MenuTreeNode[]> => {
    const res = await app.inject({
      method: 'GET',
      url: `${M}/tree/`,
      query: { scope, ...(pid ? { platformId: String(pid) } : {}) },
      headers: { authorization: admin },
    });
    expect(res.json().errorCode).toBe(Codes.ok);
    return res.json().data;
  };
  const save = (body: object) =>
    app.inject({ method: 'POST', url: `${M}/save_tree/`, payload: body, headers: { authorization: admin } });
  const flat = (nodes: MenuTreeNode[]): MenuTreeNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
  const node = (over: Partial<MenuTreeNode>): MenuTreeNode => ({
    name: webHomeIndex.name,
    path: webHomeIndex.path,
    title: webHomeIndex.title,
    icon: 'HomeOutlined',
    sort: 0,
    relationRoutes: [],
    children: [],
    ...over,
  });

  it("answers a platform's web tree with ids, names and paths the seed made from the module catalogue", async () => {
    const pid = await platformId('学生服务平台');
    const nodes = flat(await tree('web', pid));
    const rows = await app.db
      .selectFrom('menu')
      .select(['id', 'name', 'path'])
      .where('scope', '=', 'web')
      .where('platformId', '=', pid)
      .execute();
    expect(nodes.map((n) => n.id).sort()).toEqual(rows.map((r) => r.id).sort());
    expect(nodes.find((n) => n.name === 'webHomeIndex')).toMatchObject({
      path: '/web/home/index',
      relationRoutes: ['noticeDetail'],
    });
  });

  it("answers the app's routes with titles, marking the pages a platform may open first", async () => {
    const res = await app.inject({ method: 'GET', url: `${M}/routes/`, headers: { authorization: admin } });
    const routes = res.json().data as { name: string; path: string; area: string; indexPage: boolean; menu: boolean }[];
    expect(routes.map((r) => r.name)).toEqual(allRoutes.map((r) => r.name));
    expect(routes.find((r) => r.name === 'webHomeIndex')).toMatchObject({
      path: '/web/home/index',
      area: 'web',
      menu: true,
      indexPage: true,
      title: webHomeIndex.title,
    });
    expect(routes.find((r) => r.name === 'homeIndex')!.indexPage).toBe(true);
    expect(routes.find((r) => r.name === 'noticeDetail')!.indexPage).toBe(false);
    expect(routes.find((r) => r.name === 'cmsHome')!.indexPage).toBe(false);
  });

  it('answers the cms tree and wants a platform for a web tree', async () => {
    const names = flat(await tree('cms')).map((n) => n.name);
    for (const r of allRoutes.filter((x) => x.area === 'cms' && x.menu)) expect(names).toContain(r.name);
    const res = await app.inject({
      method: 'GET',
      url: `${M}/tree/`,
      query: { scope: 'web' },
      headers: { authorization: admin },
    });
    expect(res.json().errorCode).toBe(Codes.inputError);
    expect(res.json().data).toMatchObject({ field: 'platformId' });
    const unknown = await app.inject({
      method: 'GET',
      url: `${M}/tree/`,
      query: { scope: 'web', platformId: '99999' },
      headers: { authorization: admin },
    });
    expect(unknown.json().errorCode).toBe(Codes.notFound);
  });

  it.each([
    ['an unknown route name', node({ name: 'noSuchPage', title: '幽灵页' }), '菜单「幽灵页」对应的页面不存在'],
    [
      'a route name with another path',
      node({ path: '/web/home/other', title: '错路径' }),
      '菜单「错路径」对应的页面不存在',
    ],
    [
      'a back-office route in a platform menu',
      node({ name: 'cmsHome', path: '/cms/home/index', title: '后台首页' }),
      '菜单「后台首页」对应的页面不存在',
    ],
    ['a group without a group name', node({ name: 'misc', path: '', title: '杂项' }), '菜单「杂项」对应的页面不存在'],
    ['an unknown relation route', node({ relationRoutes: ['noSuchDetail'] }), '的关联页面「noSuchDetail」不存在'],
    ['an icon the sider cannot draw', node({ icon: 'RocketOutlined' }), '图标「RocketOutlined」不可用'],
    [
      'the same route twice',
      node({ name: 'group:a', path: '', title: '分组', children: [node({}), node({})] }),
      '重复出现',
    ],
  ])('refuses a tree with %s (0x00000101 naming the node) and keeps the old tree', async (_what, bad, message) => {
    const pid = await platformId('教职工服务平台');
    const before = await tree('web', pid);
    const res = await save({ scope: 'web', platformId: pid, nodes: [bad] });
    expect(res.json().errorCode).toBe(Codes.inputError);
    expect(res.json().message).toContain(message);
    expect(res.json().data).toMatchObject({ field: 'nodes' });
    expect(await tree('web', pid)).toEqual(before);
  });

  it("refuses another tree's node id", async () => {
    const pid = await platformId('教职工服务平台');
    const other = flat(await tree('web', await platformId('学生服务平台'))).find((n) => n.name === 'webHomeIndex')!;
    const res = await save({ scope: 'web', platformId: pid, nodes: [node({ id: other.id })] });
    expect(res.json().errorCode).toBe(Codes.inputError);
    expect(res.json().message).toContain('不属于该菜单树');
  });

  it('saves a re-arranged tree keeping node ids, so grants survive; a node left out loses its grants', async () => {
    const pid = await platformId('教职工服务平台');
    const staff = await roleId('staff');
    const old = flat(await tree('web', pid));
    const home = old.find((n) => n.name === 'webHomeIndex')!;
    const grantsOf = async (menuId: number) =>
      (await app.db.selectFrom('roleMenu').select('roleId').where('menuId', '=', menuId).execute()).map(
        (r) => r.roleId,
      );
    expect(await grantsOf(home.id!)).toContain(staff);

    // Every page of the old tree under one new group, home first and re-titled.
    const pages = old.filter((n) => n.path !== '' && n.name !== 'webHomeIndex').map((n) => ({ ...n, children: [] }));
    const res = await save({
      scope: 'web',
      platformId: pid,
      nodes: [
        {
          name: 'group:services',
          path: '',
          title: '我的服务',
          icon: 'AppstoreOutlined',
          sort: 0,
          relationRoutes: [],
          children: [{ ...home, title: '服务首页', children: [] }, ...pages],
        },
      ],
    });
    expect(res.json().errorCode).toBe(Codes.ok);
    const saved: MenuTreeNode[] = res.json().data;
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ name: 'group:services', title: '我的服务' });
    expect(saved[0]!.children[0]).toMatchObject({
      id: home.id,
      title: '服务首页',
      name: 'webHomeIndex',
      relationRoutes: ['noticeDetail'],
    });
    expect(await tree('web', pid)).toEqual(saved);
    expect(await grantsOf(home.id!)).toContain(staff);
    // The old module groups are gone (with their grants).
    for (const g of old.filter((n) => n.path === '')) expect(await grantsOf(g.id!)).toEqual([]);
    const audit = await app.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'menu_tree_saved')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actorName: 'admin', target: `menu:web:${pid}`, result: 'ok' });

    // Saving home without its id makes a new node: the old one and its grants are gone.
    const again = await save({ scope: 'web', platformId: pid, nodes: [node({ title: '新首页' })] });
    const fresh = (again.json().data as MenuTreeNode[])[0]!;
    expect(fresh.id).not.toBe(home.id);
    expect(await grantsOf(home.id!)).toEqual([]);
    expect(await grantsOf(fresh.id!)).toEqual([]);
    expect(await app.db.selectFrom('menu').select('id').where('id', '=', home.id!).executeTakeFirst()).toBeUndefined();
  });

  it('adds the menus of routes missing from a platform tree, once', async () => {
    const pid = await platformId('教职工服务平台');
    await save({ scope: 'web', platformId: pid, nodes: [] });
    expect(await tree('web', pid)).toEqual([]);
    const sync = () =>
      app.inject({
        method: 'POST',
        url: `${M}/sync_routes/`,
        payload: { scope: 'web', platformId: pid },
        headers: { authorization: admin },
      });
    const first = await sync();
    expect(first.json().errorCode).toBe(Codes.ok);
    const webMenu = allRoutes.filter((r) => r.area === 'web' && r.menu).map((r) => r.name);
    expect([...first.json().data.added].sort()).toEqual([...webMenu].sort());
    expect(
      flat(await tree('web', pid))
        .filter((n) => n.path)
        .map((n) => n.name)
        .sort(),
    ).toEqual([...webMenu].sort());
    expect((await sync()).json().data.added).toEqual([]);
  });

  it('saves the cms tree against back-office routes only', async () => {
    const before = await tree('cms');
    const home = flat(before).find((n) => n.name === 'cmsHome')!;
    const bad = await save({ scope: 'cms', nodes: [...before, node({ title: '前台首页' })] });
    expect(bad.json().message).toContain('菜单「前台首页」对应的页面不存在');
    const res = await save({
      scope: 'cms',
      nodes: before.map((n) => (n.id === home.id ? { ...n, title: '工作台' } : n)),
    });
    expect(res.json().errorCode).toBe(Codes.ok);
    const after = flat(await tree('cms'));
    expect(after.find((n) => n.name === 'cmsHome')).toMatchObject({ id: home.id, title: '工作台' });
    expect(after.map((n) => n.id).sort()).toEqual(
      flat(before)
        .map((n) => n.id)
        .sort(),
    );
  });

  it('syncCmsMenu adds the back-office pages the cms tree lacks and is idempotent', async () => {
    expect(await syncCmsMenu(app.db, app.modules)).toEqual([]);
    const cmsMenu = allRoutes.filter((r) => r.area === 'cms' && r.menu);
    const victim = cmsMenu.at(-1)!;
    await app.db.deleteFrom('menu').where('scope', '=', 'cms').where('name', '=', victim.name).execute();
    const count = async () =>
      (await app.db.selectFrom('menu').select('id').where('scope', '=', 'cms').execute()).length;
    const n = await count();
    expect(await syncCmsMenu(app.db, app.modules)).toEqual([victim.name]);
    expect(await count()).toBe(n + 1);
    expect(await syncCmsMenu(app.db, app.modules)).toEqual([]);
    expect(await count()).toBe(n + 1);
    const row = await app.db
      .selectFrom('menu')
      .selectAll()
      .where('scope', '=', 'cms')
      .where('name', '=', victim.name)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ path: victim.path, title: victim.title, platformId: null });
    // The administrators' menu and access have it at once.
    const adminId = (
      await app.db.selectFrom('appUser').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()
    ).id;
    expect(flattenRouteNames((await loginMenus(app.db, { id: adminId, isAdmin: true })).cms).has(victim.name)).toBe(
      true,
    );
    const audit = await app.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'menu_synced')
      .where('target', '=', 'menu:cms')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.detail).toBe(victim.name);
  });

  it('an empty cms tree is filled on the next server start', async () => {
    await app.db.deleteFrom('menu').where('scope', '=', 'cms').execute();
    const added = await syncCmsMenu(app.db, app.modules);
    expect([...added].sort()).toEqual(
      allRoutes
        .filter((r) => r.area === 'cms' && r.menu)
        .map((r) => r.name)
        .sort(),
    );
    expect(await syncCmsMenu(app.db, app.modules)).toEqual([]);
  });
});

describe('cms menu sync on start', () => {
  it('leaves a database without users to the first start (whose seed writes the menus once)', async () => {
    const empty = await buildTestApp({ seed: 'none' });
    try {
      expect(await empty.db.selectFrom('menu').select('id').execute()).toEqual([]);
      await seedDemo(empty.db, { size: 'small' });
      const names = (await empty.db.selectFrom('menu').select('name').where('scope', '=', 'cms').execute()).map(
        (r) => r.name,
      );
      expect(new Set(names).size).toBe(names.length);
    } finally {
      await empty.close();
    }
  });

  it('adds a missing back-office page when a server starts on an existing database', async () => {
    // Two starts on one database: SQLite file, or one PostgreSQL schema.
    const pg = usePostgres();
    const schema = pg ? await createPgSchema() : null;
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pc-sync-')), 'db.sqlite');
    const start = async () => {
      const config = testConfig(pg ? { DATABASE_URL: process.env.TEST_DATABASE_URL! } : {});
      const a = await buildApp({
        config,
        db: pg ? { pgSchema: schema!, poolSize: 2 } : { sqliteFile: file },
        serveClient: false,
      });
      return a;
    };
    try {
      const first = await start();
      await seedDemo(first.db, { size: 'small' });
      await first.ready();
      const victim = allRoutes.filter((r) => r.area === 'cms' && r.menu).at(-1)!;
      await first.db.deleteFrom('menu').where('scope', '=', 'cms').where('name', '=', victim.name).execute();
      await first.close();
      const second = await start();
      await second.ready();
      const rows = await second.db
        .selectFrom('menu')
        .select('name')
        .where('scope', '=', 'cms')
        .where('name', '=', victim.name)
        .execute();
      await second.close();
      expect(rows).toHaveLength(1);
    } finally {
      if (schema) await dropPgSchema(schema);
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });
});
