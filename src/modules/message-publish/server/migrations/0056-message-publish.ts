import type { Kysely } from 'kysely';
import { withId } from '@/server/db/migrations/helpers';

/** 消息发布: templates and releases (their messages live in the messages module's table). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('mp_template'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('variables', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('created_by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mp_template_list_idx')
    .on('mp_template')
    .columns(['category', 'updated_at', 'id'])
    .execute();

  await withId(db, db.schema.createTable('mp_release'))
    .addColumn('publisher_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('publisher_name', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('attachments', 'text', (c) => c.notNull())
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('audience_text', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('publish_at', 'bigint', (c) => c.notNull())
    .addColumn('instance_id', 'integer')
    .addColumn('last_user_id', 'integer', (c) => c.notNull())
    .addColumn('recipients', 'integer', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .addColumn('withdrawn_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // 我的发布: the publisher's releases, newest first.
  await db.schema
    .createIndex('mp_release_publisher_idx')
    .on('mp_release')
    .columns(['publisher_id', 'created_at', 'id'])
    .execute();
  // The approval check reads the releases waiting for approval.
  await db.schema.createIndex('mp_release_status_idx').on('mp_release').columns(['status', 'publish_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mp_release').ifExists().execute();
  await db.schema.dropTable('mp_template').ifExists().execute();
}
