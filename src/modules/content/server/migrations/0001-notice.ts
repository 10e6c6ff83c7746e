import type { Kysely } from 'kysely';
import { withId } from '@/server/db/migrations/helpers';

/**
 * Notices and news (content module). Split from 0001-core, which made this table until the
 * split: where it already exists nothing changes (IF NOT EXISTS). Named to run after 0001-core
 * (platform) and before 0003-help (which indexes it) on a fresh database.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('notice').ifNotExists())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text')
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('platform_id', 'integer', (c) => c.references('platform.id').onDelete('set null'))
    .addColumn('published_at', 'bigint')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notice_kind_status_idx')
    .ifNotExists()
    .on('notice')
    .columns(['kind', 'status', 'published_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notice').ifExists().execute();
}
