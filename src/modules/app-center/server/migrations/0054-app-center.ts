import type { Kysely } from 'kysely';
import { withId } from '@/server/db/migrations/helpers';

/** 应用中心 (issue 21): categories, apps with their visibility, favourites, ratings, recently used. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('ac_category'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('ac_app'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('ac_category.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('sso', 'integer', (c) => c.notNull())
    .addColumn('devices', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('nav_pinned', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('rating_sum', 'integer', (c) => c.notNull())
    .addColumn('rating_count', 'integer', (c) => c.notNull())
    .addColumn('use_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ac_app_category_idx')
    .on('ac_app')
    .columns(['category_id', 'enabled', 'sort', 'id'])
    .execute();
  await db.schema.createIndex('ac_app_order_idx').on('ac_app').columns(['enabled', 'sort', 'id']).execute();

  await db.schema
    .createTable('ac_app_role')
    .addColumn('app_id', 'integer', (c) => c.notNull().references('ac_app.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('ac_app_role_pk', ['app_id', 'role_id'])
    .execute();
  await db.schema
    .createTable('ac_app_platform')
    .addColumn('app_id', 'integer', (c) => c.notNull().references('ac_app.id').onDelete('cascade'))
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('ac_app_platform_pk', ['app_id', 'platform_id'])
    .execute();

  for (const [table, extra] of [
    ['ac_favorite', 'created_at'],
    ['ac_recent', 'used_at'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('app_id', 'integer', (c) => c.notNull().references('ac_app.id').onDelete('cascade'))
      .addColumn(extra, 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['user_id', 'app_id'])
      .execute();
    await db.schema.createIndex(`${table}_user_idx`).on(table).columns(['user_id', extra]).execute();
  }
  await db.schema
    .createTable('ac_rating')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('app_id', 'integer', (c) => c.notNull().references('ac_app.id').onDelete('cascade'))
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('ac_rating_pk', ['user_id', 'app_id'])
    .execute();
}
