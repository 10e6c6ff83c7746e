import type { Kysely } from 'kysely';
import { withId } from '@/server/db/migrations/helpers';

/** 好差评 (issue 17): labels, rateables, evaluations and rectifications. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('fb_label'))
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('fb_label_level_idx').on('fb_label').columns(['level', 'sort', 'id']).execute();

  await withId(db, db.schema.createTable('fb_rateable'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('item_name', 'text', (c) => c.notNull())
    .addColumn('department_id', 'integer', (c) => c.notNull())
    .addColumn('department_name', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'bigint', (c) => c.notNull())
    .addColumn('evaluation_id', 'integer')
    .execute();
  await db.schema.createIndex('fb_rateable_ref_idx').on('fb_rateable').columns(['kind', 'ref_id']).unique().execute();
  await db.schema
    .createIndex('fb_rateable_user_idx')
    .on('fb_rateable')
    .columns(['user_id', 'evaluation_id', 'ended_at'])
    .execute();

  await withId(db, db.schema.createTable('fb_evaluation'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('item_name', 'text', (c) => c.notNull())
    .addColumn('department_id', 'integer', (c) => c.notNull())
    .addColumn('department_name', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('item_public', 'integer', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('labels', 'text', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('anonymous', 'integer', (c) => c.notNull())
    .addColumn('reply', 'text', (c) => c.notNull())
    .addColumn('replied_at', 'bigint')
    .addColumn('replied_by_name', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // One rating per application or booking: a second (even a racing one) is refused by the database.
  await db.schema
    .createIndex('fb_evaluation_ref_idx')
    .on('fb_evaluation')
    .columns(['kind', 'ref_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('fb_evaluation_item_idx')
    .on('fb_evaluation')
    .columns(['item_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('fb_evaluation_dept_idx')
    .on('fb_evaluation')
    .columns(['department_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('fb_evaluation_user_idx')
    .on('fb_evaluation')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('fb_evaluation_created_idx').on('fb_evaluation').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('fb_evaluation_month_idx').on('fb_evaluation').columns(['month', 'level']).execute();

  // The labels of each rating, one row each: what the tag counts group by.
  await db.schema
    .createTable('fb_evaluation_label')
    .addColumn('evaluation_id', 'integer', (c) => c.notNull().references('fb_evaluation.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('fb_evaluation_label_item_idx')
    .on('fb_evaluation_label')
    .columns(['item_id', 'name'])
    .execute();
  await db.schema
    .createIndex('fb_evaluation_label_evaluation_idx')
    .on('fb_evaluation_label')
    .column('evaluation_id')
    .execute();

  await withId(db, db.schema.createTable('fb_rectification'))
    .addColumn('evaluation_id', 'integer', (c) => c.notNull().references('fb_evaluation.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('department_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('deadline', 'bigint', (c) => c.notNull())
    .addColumn('overdue', 'integer', (c) => c.notNull())
    .addColumn('overdue_notified_at', 'bigint')
    .addColumn('reply', 'text', (c) => c.notNull())
    .addColumn('replied_at', 'bigint')
    .addColumn('replied_by_name', 'text', (c) => c.notNull())
    .addColumn('visit_result', 'text', (c) => c.notNull())
    .addColumn('visit_satisfied', 'integer')
    .addColumn('visited_at', 'bigint')
    .addColumn('closed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('fb_rectification_evaluation_idx')
    .on('fb_rectification')
    .column('evaluation_id')
    .unique()
    .execute();
  await db.schema
    .createIndex('fb_rectification_dept_idx')
    .on('fb_rectification')
    .columns(['department_id', 'status', 'deadline'])
    .execute();
  await db.schema
    .createIndex('fb_rectification_status_idx')
    .on('fb_rectification')
    .columns(['status', 'deadline'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('fb_rectification').ifExists().execute();
  await db.schema.dropTable('fb_evaluation_label').ifExists().execute();
  await db.schema.dropTable('fb_evaluation').ifExists().execute();
  await db.schema.dropTable('fb_rateable').ifExists().execute();
  await db.schema.dropTable('fb_label').ifExists().execute();
}
