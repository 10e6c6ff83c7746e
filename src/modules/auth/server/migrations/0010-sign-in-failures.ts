import type { Kysely } from 'kysely';

/**
 * Failed sign-ins per account and client address (auth module). A row with address '' is the
 * account-wide streak, counted over every address: it slows sign-in and alerts administrators
 * but never locks. Keyed by the username as typed, so an unknown name is counted (and answered)
 * exactly like a real one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sign_in_failure')
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('failed_count', 'integer', (c) => c.notNull())
    .addColumn('locked_until', 'bigint')
    .addColumn('last_failed_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('sign_in_failure_pk', ['username', 'address'])
    .execute();
  // Stale rows are purged by age.
  await db.schema
    .createIndex('sign_in_failure_last_failed_idx')
    .on('sign_in_failure')
    .column('last_failed_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sign_in_failure').ifExists().execute();
}
