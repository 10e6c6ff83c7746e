import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Migration } from 'kysely';
import { moduleCatalog, readModuleCatalog } from '../module-catalog';

/** The server core's own migrations (platform tables); modules keep theirs in `<module>/server/migrations/`. */
export const CORE_MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** `NNNN-what.ts`: the name without `.ts` is the migration's name, recorded forever in kysely_migration. */
const MIGRATION_FILE = /^(\d{4}-[a-z0-9]+(?:-[a-z0-9]+)*)\.ts$/;
/** Files a migrations folder may hold besides migrations. */
const isSupportFile = (file: string) => file === 'helpers.ts' || file.endsWith('.test.ts') || file.endsWith('.d.ts');

export interface FoundMigration {
  /** The file name without `.ts`, e.g. `0009-workflow`. */
  name: string;
  file: string;
  /** `core`, or the id of the module whose folder holds it. */
  owner: string;
}

/** The migrations of one folder (none when it does not exist); a file that is neither a migration nor a helper is refused. */
export function migrationFilesIn(dir: string, owner: string): FoundMigration[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && !isSupportFile(e.name))
    .map((e) => {
      const m = MIGRATION_FILE.exec(e.name);
      // A misnamed file would silently never run: refuse it instead.
      if (!m) throw new Error(`${path.join(dir, e.name)} is not named like a migration (NNNN-what.ts)`);
      return { name: m[1]!, file: path.join(dir, e.name), owner };
    });
}

/**
 * Every migration of the core and of the modules found under the module roots (src/modules by
 * default, through the module catalogue), sorted by name. Two files with one name are refused:
 * the name is a migration's identity in existing databases, so one of them would never run.
 */
export async function findMigrations(moduleRoots?: readonly string[]): Promise<FoundMigration[]> {
  const catalog = moduleRoots ? await readModuleCatalog(moduleRoots) : await moduleCatalog();
  const all = [
    ...migrationFilesIn(CORE_MIGRATIONS_DIR, 'core'),
    ...catalog.found.flatMap((m) => migrationFilesIn(path.join(m.dir, 'server', 'migrations'), m.id)),
  ];
  const byName = new Map<string, FoundMigration>();
  for (const m of all) {
    const other = byName.get(m.name);
    if (other)
      throw new Error(
        `two migrations are named ${m.name} (${other.owner}: ${other.file}; ${m.owner}: ${m.file}); ` +
          'a shipped name never changes, so give the new one another name',
      );
    byName.set(m.name, m);
  }
  return all.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Imports each migration file; one without an `up` function is refused. */
export async function loadMigrations(found: readonly FoundMigration[]): Promise<Record<string, Migration>> {
  const out: Record<string, Migration> = {};
  for (const m of found) {
    const mod = (await import(pathToFileURL(m.file).href)) as Partial<Migration>;
    if (typeof mod.up !== 'function') throw new Error(`${m.file} exports no up() function`);
    out[m.name] = { up: mod.up, ...(typeof mod.down === 'function' ? { down: mod.down } : {}) };
  }
  return out;
}
