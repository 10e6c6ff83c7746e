import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '@/shared/errors';
import { flattenRouteNames } from '@/shared/menus';
import { buildApp } from './app';
import { menuPlan } from './db/seed/platforms';
import { loginMenus } from './identity/menus';
import { checkAccessNames, MODULES_DIR, readModuleCatalog } from './module-catalog';
import { buildTestApp, createTestUser, testConfig, type TestApp } from './test/helper';

// A module outside src/modules (失物招领: a web menu page, its detail page, a phone page, one API route).
const FIXTURES = fileURLToPath(new URL('../test-fixtures/modules', import.meta.url));

describe('module catalogue', () => {
  it('finds every module folder of src/modules, named by its folder, in a stable order', async () => {
    const c = await readModuleCatalog();
    const folders = fs
      .readdirSync(MODULES_DIR, { withFileTypes: true })
      .filter((e) => e.isDirectory() && fs.existsSync(path.join(MODULES_DIR, e.name, 'module.ts')))
      .map((e) => e.name);
    expect(c.found.map((m) => m.id).sort()).toEqual(folders.sort());
    expect(c.found.map((m) => m.id)).toEqual((await readModuleCatalog()).found.map((m) => m.id));
    const ids = c.found.map((m) => m.id);
    expect(ids.indexOf('workflow')).toBeGreaterThan(ids.indexOf('forms'));
    expect(c.found.find((m) => m.id === 'status-pages')!.serverEntry).toBeNull();
    expect(c.routeNames.has('taskWorkBench')).toBe(true);
  });

  it('refuses a folder whose module.ts names another id, and a server face without its plugin export', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-'));
    try {
      fs.mkdirSync(path.join(root, 'notes'));
      fs.writeFileSync(
        path.join(root, 'notes/module.ts'),
        "export default { id: 'memo', title: '备忘', routes: [] };\n",
      );
      await expect(readModuleCatalog([root])).rejects.toThrow('declares id "memo"');
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('refuses to start when an access list names a route no module declares', async () => {
    const c = await readModuleCatalog();
    const route = (any: string[]) => ({ method: 'GET', url: '/x/', access: { any } });
    expect(() => checkAccessNames([route(['account', 'cmsHome'])], c)).not.toThrow();
    expect(() => checkAccessNames([route(['account', 'acount'])], c)).toThrow(
      'GET /x/: access names unknown routes acount',
    );

    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-'));
    try {
      fs.mkdirSync(path.join(root, 'memo/server'), { recursive: true });
      fs.writeFileSync(
        path.join(root, 'memo/module.ts'),
        "export default { id: 'memo', title: '备忘', routes: [] };\n",
      );
      fs.writeFileSync(
        path.join(root, 'memo/server/index.ts'),
        "export const memoServer = async (app: any) => { app.get('/x/', { config: { access: { any: ['memoList'] } } }, async () => ({})); };\n",
      );
      await expect(
        buildApp({ config: testConfig(), db: { sqliteFile: ':memory:' }, moduleRoots: [MODULES_DIR, root] }),
      ).rejects.toThrow('access names unknown routes memoList');
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('a module added beside the others', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ moduleRoots: [MODULES_DIR, FIXTURES] });
    await createTestUser(app, { username: 'no-menu', password: 'NoMenu@2026' });
  });
  afterAll(async () => {
    await app.close();
  });

  const list = (username: string) => app.injectAs(username, { method: 'GET', url: '/affairs/api/v1.lostFound/list/' });

  it('is in the catalogue, its routes known, ordered by its menuOrder and after', () => {
    expect(app.modules.found.find((m) => m.id === 'lost-found')!.dir).toBe(path.join(FIXTURES, 'lost-found'));
    for (const n of ['lostFound', 'lostFoundDetail', 'mobileLostFound'])
      expect(app.modules.routeNames.has(n)).toBe(true);
    const web = menuPlan('web', app.modules.modules).flatMap((p) => p.routes.map((r) => r.name));
    // menuOrder 55 would come before content (60); `after: ['forms']` moves it behind forms (80), before workflow (100).
    const ids = app.modules.found.map((m) => m.id);
    expect(ids.slice(ids.indexOf('forms'), ids.indexOf('forms') + 2)).toEqual(['forms', 'lost-found']);
    expect(web.indexOf('lostFound')).toBe(web.indexOf('formSummary') + 1);
    expect(web.indexOf('lostFound')).toBeLessThan(web.indexOf('taskWorkBench'));
    expect(web).not.toContain('lostFoundDetail');
  });

  it('has its server plugin registered: its route answers the users whose menu holds it', async () => {
    const res = await list('student');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ errorCode: Codes.ok, data: { total: 1 } });
    const refused = await list('no-menu');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe(Codes.noPermission);
  });

  it("is seeded into every platform's web menu, with its detail page as a relation route", async () => {
    const student = await app.db
      .selectFrom('appUser')
      .select('id')
      .where('username', '=', 'student')
      .executeTakeFirstOrThrow();
    const menus = await loginMenus(app.db, { id: student.id, isAdmin: false });
    const names = flattenRouteNames(menus.plant_front[0]!.web);
    expect(names.has('lostFound')).toBe(true);
    expect(names.has('lostFoundDetail')).toBe(true);
  });

  it("is among the routes the back office's menu editor offers", async () => {
    const res = await app.injectAs('admin', { method: 'GET', url: '/user/api/v1.menu/routes/' });
    const routes = res.json().data as { name: string; area: string; indexPage: boolean }[];
    expect(routes.find((r) => r.name === 'lostFound')).toMatchObject({ area: 'web', indexPage: true });
    expect(routes.find((r) => r.name === 'mobileLostFound')).toMatchObject({ area: 'mobile', indexPage: false });
  });
});
