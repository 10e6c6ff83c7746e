import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyPluginAsync } from 'fastify';
import type { Access } from '@/shared/access';
import { catalogOf, type ModuleCatalog, type ModuleManifest } from '@/shared/module';

/** Where the app's modules live; a module is a folder here with a module.ts. */
export const MODULES_DIR = fileURLToPath(new URL('../modules', import.meta.url));

/** One module found on disk: its folder, id, declaration and server face (null: it has none). */
export interface FoundModule {
  dir: string;
  id: string;
  manifest: ModuleManifest;
  /** `server/index.ts`, or null when the module has no server face. */
  serverEntry: string | null;
}

/** The catalogue the server runs with: the modules in registration order, their routes and folders. */
export interface ServerCatalog extends ModuleCatalog {
  found: readonly FoundModule[];
  routeNames: ReadonlySet<string>;
}

const camel = (id: string) => id.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
const fileIn = (dir: string, ...parts: string[]) => {
  const p = path.join(dir, ...parts);
  return fs.existsSync(p) ? p : null;
};

/**
 * Reads every `<root>/<dir>/module.ts` (default export, id = folder name) under the given
 * folders — src/modules unless a test adds a fixture folder — and orders them (catalogOf).
 * Nothing is listed by hand: a new module folder is found at the next start.
 */
export async function readModuleCatalog(roots: readonly string[] = [MODULES_DIR]): Promise<ServerCatalog> {
  const found: FoundModule[] = [];
  for (const root of roots) {
    const dirs = fs
      .readdirSync(root, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    for (const name of dirs) {
      const dir = path.join(root, name);
      const file = fileIn(dir, 'module.ts');
      if (!file) continue;
      const manifest = ((await import(pathToFileURL(file).href)) as { default?: ModuleManifest }).default;
      if (!manifest) throw new Error(`${file} has no default export (export default defineModule({…}))`);
      if (manifest.id !== name)
        throw new Error(`${file} declares id "${manifest.id}"; a module's id is its folder name`);
      found.push({ dir, id: name, manifest, serverEntry: fileIn(dir, 'server', 'index.ts') });
    }
  }
  const catalog = catalogOf(found.map((f) => f.manifest));
  const byId = new Map(found.map((f) => [f.id, f]));
  return {
    ...catalog,
    found: catalog.modules.map((m) => byId.get(m.id)!),
    routeNames: new Set(catalog.routes.map((r) => r.name)),
  };
}

let standard: Promise<ServerCatalog> | null = null;
/** The catalogue of src/modules, read once per process (seeds and tools that have no app at hand). */
export function moduleCatalog(): Promise<ServerCatalog> {
  standard ??= readModuleCatalog();
  return standard;
}

/** A module's server plugin: `server/index.ts` exports it as `<camelCaseId>Server` (e.g. platformConfigServer). */
export async function loadServerPlugin(m: FoundModule): Promise<FastifyPluginAsync | null> {
  if (!m.serverEntry) return null;
  const name = `${camel(m.id)}Server`;
  const plugin = ((await import(pathToFileURL(m.serverEntry).href)) as Record<string, unknown>)[name];
  if (typeof plugin !== 'function') throw new Error(`${m.serverEntry} must export its plugin as ${name}`);
  return plugin as FastifyPluginAsync;
}

/**
 * Every `{ any: [...] }` access list names routes some module declares: a misspelt name would
 * otherwise lock a route for everyone, silently. Throws naming the first one that does not.
 */
export function checkAccessNames(
  routes: readonly { method: string; url: string; access: Access }[],
  catalog: Pick<ServerCatalog, 'routeNames'>,
): void {
  for (const r of routes) {
    if (typeof r.access !== 'object') continue;
    const unknown = r.access.any.filter((n) => !catalog.routeNames.has(n));
    if (unknown.length) throw new Error(`${r.method} ${r.url}: access names unknown routes ${unknown.join(', ')}`);
  }
}
