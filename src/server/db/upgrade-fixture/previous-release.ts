import { fileURLToPath } from 'node:url';
import { Migrator, PostgresAdapter, sql, type Migration, type MigrationProvider } from 'kysely';
import { raw } from '../../backup/catalog';
import type { Db } from '../dialect';
import { findMigrations, loadMigrations, migrationFilesIn } from '../find-migrations';

/** The names the previous release (2d1a039) recorded in kysely_migration: existing databases hold exactly these. */
export const PREVIOUS_RELEASE_MIGRATIONS = [
  '0001-core',
  '0002-uploads',
  '0003-help',
  '0004-maintenance',
  '0005-accounts',
  '0006-messages',
  '0007-mobile-layout',
  '0008-forms',
  '0009-workflow',
] as const;

/** Those of them this release changed (tables handed to their owners), frozen as they shipped (see README.md). */
export const PREVIOUS_MIGRATIONS_DIR = fileURLToPath(new URL('./previous', import.meta.url));

class PreviousProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const frozen = migrationFilesIn(PREVIOUS_MIGRATIONS_DIR, 'previous');
    const frozenNames = new Set(frozen.map((m) => m.name));
    // The rest still ship unchanged (a shipped migration never changes): run today's file.
    const shipped = (await findMigrations()).filter(
      (m) => !frozenNames.has(m.name) && (PREVIOUS_RELEASE_MIGRATIONS as readonly string[]).includes(m.name),
    );
    const all = [...frozen, ...shipped];
    if (all.length !== PREVIOUS_RELEASE_MIGRATIONS.length)
      throw new Error(`previous release: found ${all.length} of ${PREVIOUS_RELEASE_MIGRATIONS.length} migrations`);
    return loadMigrations(all);
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

/**
 * A few rows as the previous release stored them (a college, an administrator, an audit row, a
 * notice), written with the previous schema's column names: what the backup tests restore forward.
 */
export async function addPreviousReleaseRows(db: Db): Promise<void> {
  const r = raw(db);
  const T = 1_780_000_000_000;
  const dept = await r
    .insertInto('department')
    .values({ code: 'OLD', name: '旧版学院', kind: 'college', created_at: T })
    .returning('id')
    .executeTakeFirstOrThrow();
  await r
    .insertInto('app_user')
    .values({
      username: 'old_admin',
      password_hash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
      real_name: '旧版管理员',
      user_no: 'old_admin',
      kind: 'staff',
      is_admin: 1,
      department_id: dept.id,
      created_at: T,
      updated_at: T,
    })
    .execute();
  await r.insertInto('audit_log').values({ at: T, actor_name: '旧版管理员', action: 'login', result: 'ok' }).execute();
  await r
    .insertInto('notice')
    .values({
      kind: 'notice',
      title: '旧版通知',
      content: '<p>x</p>',
      status: 'published',
      created_at: T,
      updated_at: T,
    })
    .execute();
}
