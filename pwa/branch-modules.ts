import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { catalogOf, type ModuleManifest, type RouteArea } from '../src/shared/module';

/** The phone branch's module table: `import modules from 'virtual:branch-modules/mobile'`. */
export const MOBILE_MODULES_ID = 'virtual:branch-modules/mobile';
const RESOLVED = `\0${MOBILE_MODULES_ID}`;

/** The area the phone branch serves (DESIGN §3: /mobile/* is the antd-mobile shell). */
const PHONE_AREA: RouteArea = 'mobile';

/** Every `src/modules/<id>/module.ts`, found the way src/app/routes.ts's glob finds them. */
export function moduleFiles(modulesDir: string): string[] {
  return fs
    .readdirSync(modulesDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && fs.existsSync(path.join(modulesDir, e.name, 'module.ts')))
    .map((e) => path.join(modulesDir, e.name, 'module.ts'))
    .sort();
}

// tsx's interop wrapper around a transpiled `import()`: dropped, the bundler adds its own.
const TSX_INTEROP = /\.then\(\s*\(?(\w+)\)?\s*=>\s*\{\s*const (\w+)\s*=\s*"default";[^}]*\}\s*\)/;

/**
 * A page loader's source, as the bundler should see it: its `import("./x")` with the path made
 * absolute (the generated module lives nowhere). A loader must import one literal path; one that
 * computes it cannot be moved out of its module.ts and fails the build here, not at run time.
 */
export function loaderSource(page: () => unknown, moduleDir: string, where: string): string {
  const text = String(page).replace(TSX_INTEROP, '');
  // (vite's SSR transform, as in the tests, spells import() __vite_ssr_dynamic_import__())
  const imports = [...text.matchAll(/(?:\bimport|__vite_ssr_dynamic_import__)\(\s*(["'])([^"'`$]+)\1\s*\)/g)];
  if (imports.length !== 1 || /(?:\bimport|__vite_ssr_dynamic_import__)\(\s*[^\s"']/.test(text))
    throw new Error(`${where}: a page loader must be () => import('<literal path>'), found ${text}`);
  const spec = imports[0]![2]!;
  const target = spec.startsWith('.') ? path.resolve(moduleDir, spec) : spec;
  return text.replace(imports[0]![0], `import(${JSON.stringify(target)})`);
}

/** The generated module: every module, with only its phone routes. */
export function phoneModulesSource(found: { file: string; manifest: ModuleManifest }[]): string {
  catalogOf(found.map((f) => f.manifest)); // the whole catalogue checks as it does at run time
  const names = new Set(
    found.flatMap((f) => f.manifest.routes.filter((r) => r.area === PHONE_AREA).map((r) => r.name)),
  );
  const parts: string[] = [];
  for (const { file, manifest } of found) {
    // every module stays (others name it in `after`), with its phone routes only
    const routes = manifest.routes.filter((r) => r.area === PHONE_AREA);
    const body = routes.map((r) => {
      const { page, relationRoutes, ...data } = r;
      // relation routes that name another branch's pages mean nothing to the phone's router
      const relation = relationRoutes?.filter((n) => names.has(n));
      const fields = [
        JSON.stringify({ ...data, ...(relation?.length ? { relationRoutes: relation } : {}) }).slice(1, -1),
      ];
      if (page) fields.push(`"page":${loaderSource(page, path.dirname(file), `${file} route ${r.name}`)}`);
      return `{${fields.filter(Boolean).join(',')}}`;
    });
    const { routes: _r, ...head } = manifest;
    parts.push(`{...${JSON.stringify(head)},"routes":[${body.join(',')}]}`);
  }
  return `export default [${parts.join(',\n')}];\n`;
}

/**
 * The phone branch's route table without the desktop's (issue 14). src/app/routes.ts finds every
 * module.ts at run time, so the table of every area rides in one chunk with the import map of
 * every page; the phone needs its own few routes. At build time this reads each module.ts in
 * Node (tsx), keeps its phone routes, and writes them as a module of their own; adding a module
 * still edits no list. In the dev server and the tests the same virtual module filters the
 * modules at run time instead (a new module.ts then needs a restart of the dev server).
 */
export function branchModules(modulesDir: string): Plugin {
  let build = false;
  return {
    name: 'campus-portal:branch-modules',
    configResolved(c) {
      build = c.command === 'build';
    },
    resolveId(id) {
      return id === MOBILE_MODULES_ID ? RESOLVED : undefined;
    },
    async load(id) {
      if (id !== RESOLVED) return undefined;
      const files = moduleFiles(modulesDir);
      for (const f of files) this.addWatchFile(f);
      if (!build) {
        const imports = files.map((f, i) => `import m${i} from ${JSON.stringify(f)};`).join('\n');
        const list = files.map((_, i) => `m${i}`).join(', ');
        return `${imports}
const phone = (r) => r.area === ${JSON.stringify(PHONE_AREA)};
const all = [${list}];
const names = new Set(all.flatMap((m) => m.routes.filter(phone).map((r) => r.name)));
const relation = (r) => (r.relationRoutes ? { ...r, relationRoutes: r.relationRoutes.filter((n) => names.has(n)) } : r);
export default all.map((m) => ({ ...m, routes: m.routes.filter(phone).map(relation) }));
`;
      }
      const { tsImport } = await import('tsx/esm/api');
      const found = [];
      for (const file of files) {
        const exports = (await tsImport(file, import.meta.url)) as { default?: ModuleManifest };
        if (!exports.default) throw new Error(`${file} has no default export (export default defineModule({…}))`);
        found.push({ file, manifest: exports.default });
      }
      return phoneModulesSource(found);
    },
  };
}
