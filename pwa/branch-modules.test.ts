import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import phoneModules from 'virtual:branch-modules/mobile';
import type { ModuleManifest } from '@/shared/module';
import { catalog } from '@/app/routes';
import { loaderSource, phoneModulesSource } from './branch-modules';

const modulesDir = path.resolve(__dirname, '../src/modules');
const phoneRoutes = catalog.routes.filter((r) => r.area === 'mobile');
const byId = (id: string) => catalog.modules.find((m) => m.id === id)!;
const summary = (ms: readonly ModuleManifest[]) =>
  ms.flatMap((m) => m.routes.map((r) => ({ module: m.id, name: r.name, path: r.path, area: r.area, page: !!r.page })));

describe('the phone branch module table', () => {
  it('written at build time: every module, only its /mobile routes, each page loader importing a real file', async () => {
    const found = catalog.modules.map((m) => ({ file: path.join(modulesDir, m.id, 'module.ts'), manifest: m }));
    const source = phoneModulesSource(found);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'branch-modules-')), 'phone.mjs');
    fs.writeFileSync(file, source);
    const built = ((await import(pathToFileURL(file).href)) as { default: ModuleManifest[] }).default;
    expect(built.map((m) => m.id)).toEqual(catalog.modules.map((m) => m.id));
    expect(summary(built)).toEqual(summary(catalog.modules).filter((r) => r.area === 'mobile'));
    expect(phoneRoutes.length).toBeGreaterThan(3);
    for (const r of built.flatMap((m) => m.routes).filter((r) => r.page)) {
      // (vitest's transform spells the generated import() __vite_ssr_dynamic_import__() and the
      // absolute path from the repository's root)
      const spec = /import_*\("([^"]+)"\)/.exec(String(r.page))?.[1] ?? String(r.page);
      const target = spec.startsWith(modulesDir) ? spec : path.join(modulesDir, '../..', spec);
      expect(
        ['', '.tsx', '.ts'].some((ext) => fs.existsSync(target + ext)),
        `${r.name} → ${target}`,
      ).toBe(true);
    }
    // no desktop page is named in what the phone downloads
    expect(source).not.toContain('/web/pages/');
    expect(source).not.toContain('/cms/pages/');
  });

  it('served the same way to the dev server and the tests', () => {
    // in folder order: catalogOf orders them at boot
    const sorted = [...phoneModules].sort(
      (a, b) => catalog.modules.indexOf(byId(a.id)) - catalog.modules.indexOf(byId(b.id)),
    );
    expect(summary(sorted)).toEqual(summary(catalog.modules).filter((r) => r.area === 'mobile'));
    expect(sorted.map((m) => m.id)).toEqual(catalog.modules.map((m) => m.id));
  });

  it('takes a loader that imports one literal path, refuses one that computes it', () => {
    const tsx = () => 'x';
    tsx.toString = () =>
      '()=>import("./mobile/pages/a-page").then(s=>{const e="default";return s[e]&&typeof s[e]=="object"&&"__esModule"in s[e]?s[e]:s})';
    expect(loaderSource(tsx, '/m', 'a')).toBe('()=>import("/m/mobile/pages/a-page")');
    const named = () => 'x';
    named.toString = () => "() => import('./mobile/pages/b').then((m) => ({ default: m.B }))";
    expect(loaderSource(named, '/m', 'b')).toBe('() => import("/m/mobile/pages/b").then((m) => ({ default: m.B }))');
    const computed = () => 'x';
    computed.toString = () => '() => import(`./mobile/pages/${name}`)';
    expect(() => loaderSource(computed, '/m', 'c')).toThrow(/literal path/);
    const variable = () => 'x';
    variable.toString = () => '() => import(file)';
    expect(() => loaderSource(variable, '/m', 'd')).toThrow(/literal path/);
  });
});
