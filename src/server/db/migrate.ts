import { Migrator, PostgresAdapter, sql, type Migration, type MigrationProvider } from 'kysely';
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
    db,
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
