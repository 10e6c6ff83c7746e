import type { Kysely } from 'kysely';

/** The phone home layout of each platform (mobile-layout module). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mobile_layout')
    .addColumn('platform_id', 'integer', (c) => c.primaryKey())
    .addColumn('groups', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'integer')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mobile_layout').ifExists().execute();
}
