import type { Kysely } from 'kysely';

/**
 * Per-IP rate-limit counters shared by every app server on one PostgreSQL (issue 23;
 * src/server/rate-limit/database-store.ts): one row per route and address, the count of the
 * current window and when it ends (ms). Created on SQLite too (same schema everywhere), where
 * one server counts in memory unless RATE_LIMIT_STORE=database. Never backed up.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limit_counter')
    .ifNotExists()
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limit_counter_expires_idx')
    .ifNotExists()
    .on('rate_limit_counter')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limit_counter').ifExists().execute();
}
