import { fileURLToPath } from 'node:url';
import { Migrator, PostgresAdapter, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from '../dialect';
import { loadMigrations, migrationFilesIn } from '../find-migrations';

/** The previous release's migrations, frozen as they shipped (see README.md): never discovered at start. */
export const PREVIOUS_MIGRATIONS_DIR = fileURLToPath(new URL('./previous', import.meta.url));

class PreviousProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return loadMigrations(migrationFilesIn(PREVIOUS_MIGRATIONS_DIR, 'previous'));
  }
}

/** Builds the schema the previous release made, the way it made it (same Migrator settings), for upgrade tests. */
export async function migrateToPreviousRelease(db: Db): Promise<void> {
  const migrationTableSchema =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s
      : undefined;
  const migrator = new Migrator({
    db,
    provider: new PreviousProvider(),
    allowUnorderedMigrations: true,
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}
