import type { Kysely } from 'kysely';
import { withId } from './helpers';

/** The help centre (content module): categories and their articles (sanitised HTML). */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The back office lists notices of one kind by their latest change.
  await db.schema.createIndex('notice_kind_updated_idx').on('notice').columns(['kind', 'updated_at']).execute();

  await withId(db, db.schema.createTable('help_category'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('help_category_sort_idx').on('help_category').columns(['sort', 'id']).execute();

  await withId(db, db.schema.createTable('help_article'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('help_category.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('keywords', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .execute();
  // Public lists: published articles of a category in their order; the admin list filters by category too.
  await db.schema
    .createIndex('help_article_category_idx')
    .on('help_article')
    .columns(['category_id', 'status', 'sort', 'id'])
    .execute();
  await db.schema.createIndex('help_article_status_idx').on('help_article').columns(['status', 'sort', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('help_article').ifExists().execute();
  await db.schema.dropTable('help_category').ifExists().execute();
  await db.schema.dropIndex('notice_kind_updated_idx').ifExists().execute();
}
