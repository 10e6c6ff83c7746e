import {
  Migrator,
  PostgresAdapter,
  sql,
  type DatabaseIntrospector,
  type Migration,
  type MigrationProvider,
  type TableMetadata,
} from 'kysely';
import type { Db } from './dialect';
import { findMigrations, loadMigrations } from './find-migrations';

/**
 * The migrations found on disk at start (find-migrations.ts): the core's in db/migrations/ and
 * every module's in its server/migrations/. Nothing is listed by hand.
 */
class FoundProvider implements MigrationProvider {
  constructor(private readonly moduleRoots?: readonly string[]) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return loadMigrations(await findMigrations(this.moduleRoots));
  }
}

export interface MigrateOptions {
  /** Folders to find modules in (default src/modules); a test adds a fixture module's folder. */
  moduleRoots?: readonly string[];
}

export async function migrateToLatest(db: Db, opts: MigrateOptions = {}): Promise<void> {
  // Kysely looks for its migration tables in every schema; pin them to the current one, or a
  // database holding another schema's migrations (parallel PostgreSQL tests) skips creating them.
  const migrationTableSchema =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s
      : undefined;
  // Modules number their migrations independently, so a database may meet a lower number after a
  // higher one already ran (0003 added after 0005): run it rather than refuse to start.
  const migrator = new Migrator({
    db: migrationTableSchema ? withSchemaIntrospection(db, migrationTableSchema) : db,
    provider: new FoundProvider(opts.moduleRoots),
    allowUnorderedMigrations: true,
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/**
 * The database as the migrator sees it, with an introspector that looks only at `schema`. Kysely's
 * own lists every schema and calls has_schema_privilege(name) on each, which throws "schema … does
 * not exist" when another server or test drops a schema at that moment (parallel PostgreSQL tests).
 */
function withSchemaIntrospection(db: Db, schema: string): Db {
  const getTables = async (): Promise<TableMetadata[]> => {
    const r = await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = ${schema}`.execute(
      db,
    );
    return r.rows.map((t) => ({ name: t.name, schema, isView: false, columns: [] }));
  };
  const introspection: DatabaseIntrospector = {
    getSchemas: async () =>
      (await sql<{ name: string }>`select nspname as name from pg_namespace where nspname = ${schema}`.execute(db))
        .rows,
    getTables,
    getMetadata: async () => ({ tables: await getTables() }),
  };
  // Kysely keeps its state in private fields: every other member runs on the real instance.
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
