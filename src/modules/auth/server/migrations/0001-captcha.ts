import type { Kysely } from 'kysely';

/**
 * Captchas (auth module): one image's hashed answer, one use. Split from 0001-core, which made
 * this table until the split: where it already exists nothing changes (IF NOT EXISTS).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('captcha')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('answer_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('captcha_expires_idx').ifNotExists().on('captcha').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('captcha').ifExists().execute();
}
