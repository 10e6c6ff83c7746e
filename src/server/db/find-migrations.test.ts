import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { MODULES_DIR } from '../module-catalog';
import { createPgSchema, dropPgSchema, usePostgres } from '../test/helper';
import { openDb } from './dialect';
import { CORE_MIGRATIONS_DIR, findMigrations } from './find-migrations';
import { migrateToLatest } from './migrate';
import { PREVIOUS_RELEASE_MIGRATIONS } from './upgrade-fixture/previous-release';

const MIGRATION = /^\d{4}-.+\.ts$/;
const migrationFiles = (dir: string) =>
  fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => MIGRATION.test(f) && !f.endsWith('.test.ts')) : [];

// Every migration file on disk, walked without the catalogue: the core's folder and each module's.
function filesOnDisk(): string[] {
  const modules = fs.readdirSync(MODULES_DIR, { withFileTypes: true }).filter((e) => e.isDirectory());
  return [
    ...migrationFiles(CORE_MIGRATIONS_DIR),
    ...modules.flatMap((m) => migrationFiles(path.join(MODULES_DIR, m.name, 'server', 'migrations'))),
  ].map((f) => f.replace(/\.ts$/, ''));
}

const roots: string[] = [];
/** A module folder outside src/modules with the given migration files. */
function fixtureModule(id: string, migrations: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  roots.push(root);
  fs.mkdirSync(path.join(root, id, 'server', 'migrations'), { recursive: true });
  fs.writeFileSync(path.join(root, id, 'module.ts'), `export default { id: '${id}', title: '备忘', routes: [] };\n`);
  for (const [file, text] of Object.entries(migrations))
    fs.writeFileSync(path.join(root, id, 'server', 'migrations', file), text);
  return root;
}
afterEach(() => {
  for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true });
});

describe('migration discovery', () => {
  it('finds every migration file of the core and the modules exactly once, in name order, with its owner', async () => {
    const found = await findMigrations();
    const names = found.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(filesOnDisk().sort());
    expect(names).toEqual([...names].sort());
    // Every name the previous release recorded in kysely_migration is still there: none renamed.
    for (const name of PREVIOUS_RELEASE_MIGRATIONS) expect(names).toContain(name);
    const owner = (name: string) => found.find((m) => m.name === name)?.owner;
    expect(owner('0001-core')).toBe('core');
    expect(owner('0003-help')).toBe('content');
    expect(owner('0004-maintenance')).toBe('maintenance');
    expect(owner('0005-accounts')).toBe('accounts');
    expect(owner('0009-department-leader')).toBe('organization');
    // The leaders' table is made before the workflow migration that refers to it on a fresh database.
    expect(names.indexOf('0009-department-leader')).toBeLessThan(names.indexOf('0009-workflow'));
    expect(names).not.toContain('helpers');
  });

  it('refuses two migrations with one name, naming both files', async () => {
    const root = fixtureModule('memo', { '0001-core.ts': 'export async function up() {}\n' });
    await expect(findMigrations([MODULES_DIR, root])).rejects.toThrow(
      /two migrations are named 0001-core \(core: .*memo:/,
    );
  });

  it('refuses a file in a migrations folder that is not named NNNN-what.ts', async () => {
    const root = fixtureModule('memo', { '12_memo.ts': 'export async function up() {}\n' });
    await expect(findMigrations([root])).rejects.toThrow('12_memo.ts is not named like a migration');
  });

  it("runs a new module's migration at start without any list being edited", async () => {
    const root = fixtureModule('memo', {
      '0100-memo.ts': [
        "import type { Kysely } from 'kysely';",
        'export async function up(db: Kysely<unknown>): Promise<void> {',
        "  await db.schema.createTable('memo').addColumn('note', 'text').execute();",
        '}',
        '',
      ].join('\n'),
    });
    const schema = usePostgres() ? await createPgSchema() : null;
    const { db } = schema
      ? openDb({ databaseUrl: process.env.TEST_DATABASE_URL!, pgSchema: schema, poolSize: 2 })
      : openDb({ databaseUrl: null, sqliteFile: ':memory:' });
    try {
      await migrateToLatest(db, { moduleRoots: [MODULES_DIR, root] });
      await sql`insert into memo (note) values ('你好')`.execute(db);
      const ran = await sql<{ name: string }>`select name from kysely_migration where name = '0100-memo'`.execute(db);
      expect(ran.rows).toHaveLength(1);
    } finally {
      await db.destroy();
      if (schema) await dropPgSchema(schema);
    }
  });
});
