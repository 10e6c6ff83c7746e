import type { Kysely } from 'kysely';
import { withId } from './helpers';

/** In-app messages (messages module): one row per recipient. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('message'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('link', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('read_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // The unread list and count (read_at is null), newest first.
  await db.schema
    .createIndex('message_user_read_idx')
    .on('message')
    .columns(['user_id', 'read_at', 'created_at desc', 'id desc'])
    .execute();
  // The "all" list: one user's messages newest first, whatever their read state.
  await db.schema
    .createIndex('message_user_created_idx')
    .on('message')
    .columns(['user_id', 'created_at desc', 'id desc'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('message').ifExists().execute();
}
