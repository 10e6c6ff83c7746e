import { Migrator, PostgresAdapter, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './dialect';
import * as core0001 from './migrations/0001-core';
import * as uploads0002 from './migrations/0002-uploads';
import * as help0003 from './migrations/0003-help';
import * as maintenance0004 from './migrations/0004-maintenance';
import * as accounts0005 from './migrations/0005-accounts';
import * as forms0008 from '@/modules/forms/server/migrations/0008-forms';
import * as messages0006 from '@/modules/messages/server/migrations/0006-messages';
import * as mobileLayout0007 from '@/modules/mobile-layout/server/migrations/0007-mobile-layout';
import * as workflow0009 from '@/modules/workflow/server/migrations/0009-workflow';
import * as jobs0011 from './migrations/0011-jobs';
import * as signInFailures0010 from '@/modules/auth/server/migrations/0010-sign-in-failures';

/**
 * Every migration of the server core and the modules, in order. Names sort by their
 * numeric prefix; a module adds `'NNNN-module-what': import(...)` here.
 */
const migrations: Record<string, Migration> = {
  '0001-core': core0001,
  '0002-uploads': uploads0002,
  '0003-help': help0003,
  '0004-maintenance': maintenance0004,
  '0005-accounts': accounts0005,
  '0008-forms': forms0008,
  '0006-messages': messages0006,
  '0007-mobile-layout': mobileLayout0007,
  '0009-workflow': workflow0009,
  '0010-sign-in-failures': signInFailures0010,
  '0011-jobs': jobs0011,
};

class StaticProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

export async function migrateToLatest(db: Db): Promise<void> {
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
    provider: new StaticProvider(),
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
