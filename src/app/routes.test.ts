import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { shellRoutes } from '@/core/routing/module-routes';
import type { ModuleManifest } from '@/shared/module';
import { catalog, catalogFromFiles, desktopRoutes, mobileRoutes } from './routes';

// Areas the desktop shell serves and the layout each puts its routes in.
const layoutOfArea: Record<string, string> = { top: 'blank', visitor: 'visitor', web: 'web', cms: 'cms' };

describe('client route table', () => {
  it('gathers every module folder under src/modules that has a module.ts, with no list to edit', () => {
    const root = path.resolve(__dirname, '../modules');
    const folders = fs
      .readdirSync(root, { withFileTypes: true })
      .filter((e) => e.isDirectory() && fs.existsSync(path.join(root, e.name, 'module.ts')))
      .map((e) => e.name);
    expect(catalog.modules.map((m) => m.id).sort()).toEqual(folders.sort());
  });

  it('has a page for every declared route unless it only forwards', () => {
    const without = [...desktopRoutes, ...mobileRoutes].filter((r) => !r.lazy && !r.redirect).map((r) => r.name);
    expect(without).toEqual([]);
    expect(desktopRoutes.find((r) => r.name === 'home')).toMatchObject({ redirect: '/home/index' });
  });

  it('declares each route name and path once across both shells', () => {
    const all = [...desktopRoutes, ...mobileRoutes];
    expect(all).toHaveLength(catalog.routes.length);
    expect(new Set(all.map((r) => r.name)).size).toBe(all.length);
    expect(new Set(all.map((r) => r.path)).size).toBe(all.length);
  });

  it('puts each desktop route in its area layout and keeps its public flag, title and icon', () => {
    const byName = new Map(catalog.routes.map((m) => [m.name, m]));
    for (const r of desktopRoutes) {
      const m = byName.get(r.name)!;
      expect({ name: r.name, layout: r.meta.layout }).toEqual({ name: m.name, layout: layoutOfArea[m.area] });
      expect({ name: r.name, public: !!r.meta.public, title: r.meta.title, icon: r.meta.icon }).toEqual({
        name: m.name,
        public: !!m.public,
        title: m.title,
        icon: m.icon,
      });
    }
  });
});

describe('phone route table', () => {
  it('holds exactly the mobile-area routes, in the mobile layout, with their public flags', () => {
    const declared = catalog.routes
      .filter((r) => r.area === 'mobile')
      .map((m) => ({ name: m.name, path: m.path, public: !!m.public, layout: 'mobile' }));
    const client = mobileRoutes.map((r) => ({
      name: r.name,
      path: r.path,
      public: !!r.meta.public,
      layout: r.meta.layout,
    }));
    expect(client).toEqual(declared);
  });

  it('keeps every phone route under /mobile and out of the desktop table', () => {
    expect(mobileRoutes.every((r) => r.path.startsWith('/mobile/'))).toBe(true);
    const desktop = new Set(desktopRoutes.map((r) => r.name));
    expect(mobileRoutes.filter((r) => desktop.has(r.name))).toEqual([]);
  });
});

describe('a module added beside the others', () => {
  // The same derivation as the app, over src/modules plus the fixture folder.
  const tables = shellRoutes(
    catalogFromFiles({
      ...import.meta.glob<{ default?: ModuleManifest }>('../modules/*/module.ts', { eager: true }),
      ...import.meta.glob<{ default?: ModuleManifest }>('../test-fixtures/modules/*/module.ts', { eager: true }),
    }),
  );

  it('appears in the desktop table by its web area and in the phone table by its mobile area', async () => {
    const page = tables.desktop.find((r) => r.name === 'lostFound')!;
    expect(page).toMatchObject({ path: '/web/lostFound/index', meta: { layout: 'web', title: '失物招领' } });
    expect(typeof (await page.lazy!()).default).toBe('function');
    expect(tables.desktop.find((r) => r.name === 'lostFoundDetail')!.meta.showSider).toBe(false);
    expect(tables.mobile.find((r) => r.name === 'mobileLostFound')).toMatchObject({
      path: '/mobile/lostFound',
      meta: { layout: 'mobile' },
    });
    expect(tables.mobile.some((r) => r.name === 'lostFound')).toBe(false);
    expect(tables.desktop.length + tables.mobile.length).toBe(catalog.routes.length + 3);
  });

  it('is refused when its folder and id disagree, or a route name is taken', () => {
    const own = import.meta.glob<{ default?: ModuleManifest }>('../modules/*/module.ts', { eager: true });
    const fixture = { title: '失物招领', routes: [] };
    expect(() =>
      catalogFromFiles({ ...own, '../x/lost/module.ts': { default: { id: 'lost-found', ...fixture } } }),
    ).toThrow("a module's id is its folder name");
    const taken = { name: 'login', path: '/lost', title: '失物', area: 'top' as const, redirect: '/login' };
    expect(() =>
      catalogFromFiles({ ...own, '../x/lost/module.ts': { default: { id: 'lost', title: '失物', routes: [taken] } } }),
    ).toThrow('route name "login" is declared twice');
  });
});
