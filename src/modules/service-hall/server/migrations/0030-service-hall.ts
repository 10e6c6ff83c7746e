import type { Kysely } from 'kysely';
import { withId } from '@/server/db/migrations/helpers';

/** Service hall (issue 17): items with their guide, see/apply rules, favourites, use counts, special services. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('svc_item'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('department_id', 'integer', (c) => c.notNull())
    .addColumn('theme', 'text', (c) => c.notNull())
    .addColumn('for_student', 'integer', (c) => c.notNull())
    .addColumn('for_staff', 'integer', (c) => c.notNull())
    .addColumn('for_visitor', 'integer', (c) => c.notNull())
    .addColumn('for_alumni', 'integer', (c) => c.notNull())
    .addColumn('mode_online', 'integer', (c) => c.notNull())
    .addColumn('mode_offline', 'integer', (c) => c.notNull())
    .addColumn('mode_booking', 'integer', (c) => c.notNull())
    .addColumn('conditions', 'text', (c) => c.notNull())
    .addColumn('materials', 'text', (c) => c.notNull())
    .addColumn('steps', 'text', (c) => c.notNull())
    .addColumn('time_limit', 'text', (c) => c.notNull())
    .addColumn('fees', 'text', (c) => c.notNull())
    .addColumn('legal_basis', 'text', (c) => c.notNull())
    .addColumn('contact', 'text', (c) => c.notNull())
    .addColumn('faq', 'text', (c) => c.notNull())
    .addColumn('windows', 'text', (c) => c.notNull())
    .addColumn('opening_hours', 'text', (c) => c.notNull())
    .addColumn('map_upload_id', 'text')
    .addColumn('bring', 'text', (c) => c.notNull())
    .addColumn('form_id', 'integer')
    .addColumn('process_id', 'integer')
    .addColumn('issues_permit', 'integer', (c) => c.notNull())
    .addColumn('permit_title', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('use_count', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('published_at', 'bigint')
    .execute();
  // Catalogue (status, sort), by department / theme, hot items (use count), back office by update time, bound process.
  await db.schema.createIndex('svc_item_status_sort_idx').on('svc_item').columns(['status', 'sort', 'id']).execute();
  await db.schema
    .createIndex('svc_item_dept_idx')
    .on('svc_item')
    .columns(['department_id', 'status', 'sort'])
    .execute();
  await db.schema.createIndex('svc_item_theme_idx').on('svc_item').columns(['theme', 'status', 'sort']).execute();
  await db.schema.createIndex('svc_item_hot_idx').on('svc_item').columns(['status', 'use_count', 'id']).execute();
  await db.schema.createIndex('svc_item_updated_idx').on('svc_item').columns(['updated_at', 'id']).execute();
  await db.schema.createIndex('svc_item_process_idx').on('svc_item').columns(['process_id', 'status']).execute();

  await db.schema
    .createTable('svc_item_rule')
    .addColumn('item_id', 'integer', (c) => c.notNull().references('svc_item.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('svc_item_rule_pk', ['item_id', 'action', 'subject', 'subject_id'])
    .execute();
  await db.schema
    .createIndex('svc_item_rule_subject_idx')
    .on('svc_item_rule')
    .columns(['action', 'subject', 'subject_id', 'item_id'])
    .execute();

  await db.schema
    .createTable('svc_favorite')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull().references('svc_item.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('svc_favorite_pk', ['user_id', 'item_id'])
    .execute();
  await db.schema.createIndex('svc_favorite_user_idx').on('svc_favorite').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('svc_favorite_item_idx').on('svc_favorite').column('item_id').execute();

  await db.schema
    .createTable('svc_item_use')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull().references('svc_item.id').onDelete('cascade'))
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('svc_item_use_pk', ['user_id', 'item_id'])
    .execute();
  await db.schema
    .createIndex('svc_item_use_user_idx')
    .on('svc_item_use')
    .columns(['user_id', 'count', 'last_used_at'])
    .execute();
  await db.schema.createIndex('svc_item_use_item_idx').on('svc_item_use').column('item_id').execute();

  await withId(db, db.schema.createTable('svc_special'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('banner_upload_id', 'text')
    .addColumn('intro', 'text', (c) => c.notNull())
    .addColumn('steps', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('svc_special_status_idx').on('svc_special').columns(['status', 'sort', 'id']).execute();

  await db.schema
    .createTable('svc_special_item')
    .addColumn('special_id', 'integer', (c) => c.notNull().references('svc_special.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('svc_item.id').onDelete('cascade'))
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('svc_special_item_pk', ['special_id', 'item_id'])
    .execute();
  await db.schema
    .createIndex('svc_special_item_order_idx')
    .on('svc_special_item')
    .columns(['special_id', 'sort'])
    .execute();
  await db.schema.createIndex('svc_special_item_item_idx').on('svc_special_item').column('item_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('svc_special_item').ifExists().execute();
  await db.schema.dropTable('svc_special').ifExists().execute();
  await db.schema.dropTable('svc_item_use').ifExists().execute();
  await db.schema.dropTable('svc_favorite').ifExists().execute();
  await db.schema.dropTable('svc_item_rule').ifExists().execute();
  await db.schema.dropTable('svc_item').ifExists().execute();
}
