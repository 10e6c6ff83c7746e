import type { Kysely } from 'kysely';
import { withId } from './helpers';

/** The form engine (issue 5): forms, frozen versions, managers, change log, submissions with their filterable values, drafts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('form'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('access', 'text', (c) => c.notNull().defaultTo('signedIn'))
    .addColumn('draft_schema', 'text', (c) => c.notNull())
    .addColumn('latest_version', 'integer')
    .addColumn('draft_changed', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('submission_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_submitted_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'integer')
    .addColumn('updated_by_name', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // The back-office list: newest change first, optionally one status or one category.
  await db.schema.createIndex('form_updated_idx').on('form').columns(['updated_at', 'id']).execute();
  await db.schema.createIndex('form_status_updated_idx').on('form').columns(['status', 'updated_at', 'id']).execute();
  await db.schema.createIndex('form_category_idx').on('form').columns(['category', 'updated_at', 'id']).execute();

  await db.schema
    .createTable('form_version')
    .addColumn('form_id', 'integer', (c) => c.notNull().references('form.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('schema', 'text', (c) => c.notNull())
    .addColumn('published_at', 'bigint', (c) => c.notNull())
    .addColumn('published_by', 'integer')
    .addColumn('published_by_name', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('form_version_pk', ['form_id', 'version'])
    .execute();

  await db.schema
    .createTable('form_manager')
    .addColumn('form_id', 'integer', (c) => c.notNull().references('form.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id'))
    .addPrimaryKeyConstraint('form_manager_pk', ['form_id', 'user_id'])
    .execute();
  // "Forms I manage" for the approval centre's summary.
  await db.schema.createIndex('form_manager_user_idx').on('form_manager').columns(['user_id', 'form_id']).execute();

  await withId(db, db.schema.createTable('form_change_log'))
    .addColumn('form_id', 'integer', (c) => c.notNull().references('form.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('by_id', 'integer')
    .addColumn('by_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('form_change_log_form_idx')
    .on('form_change_log')
    .columns(['form_id', 'at', 'id'])
    .execute();

  await withId(db, db.schema.createTable('form_submission'))
    .addColumn('form_id', 'integer', (c) => c.notNull().references('form.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('submitter_id', 'integer')
    .addColumn('submitter_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('submitter_no', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('values', 'text', (c) => c.notNull())
    .addColumn('submitted_at', 'bigint', (c) => c.notNull())
    .addColumn('ip', 'text')
    .execute();
  // Summaries page newest first (and the export walks the same order by keyset).
  await db.schema
    .createIndex('form_submission_form_idx')
    .on('form_submission')
    .columns(['form_id', 'submitted_at desc', 'id desc'])
    .execute();
  // "My submissions".
  await db.schema
    .createIndex('form_submission_submitter_idx')
    .on('form_submission')
    .columns(['submitter_id', 'submitted_at', 'id'])
    .execute();

  // An id of its own: backups and restores page every table by its primary key.
  await withId(db, db.schema.createTable('form_submission_value'))
    .addColumn('submission_id', 'integer', (c) => c.notNull().references('form_submission.id'))
    .addColumn('form_id', 'integer', (c) => c.notNull())
    .addColumn('field_id', 'text', (c) => c.notNull())
    .addColumn('text_value', 'text')
    .addColumn('long_text', 'text')
    .addColumn('num_value', 'double precision')
    .execute();
  await db.schema
    .createIndex('form_submission_value_text_idx')
    .on('form_submission_value')
    .columns(['form_id', 'field_id', 'text_value'])
    .execute();
  await db.schema
    .createIndex('form_submission_value_num_idx')
    .on('form_submission_value')
    .columns(['form_id', 'field_id', 'num_value'])
    .execute();

  await withId(db, db.schema.createTable('form_draft'))
    .addColumn('form_id', 'integer', (c) => c.notNull().references('form.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id'))
    .addColumn('values', 'text', (c) => c.notNull())
    .addColumn('saved_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('form_draft_user_idx').on('form_draft').columns(['user_id', 'saved_at']).execute();
  await db.schema.createIndex('form_draft_form_idx').on('form_draft').column('form_id').execute();

  // The user picker searches active users by the start of their real name (user_no has its index).
  await db.schema.createIndex('app_user_real_name_idx').on('app_user').column('real_name').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('app_user_real_name_idx').ifExists().execute();
  for (const t of [
    'form_draft',
    'form_submission_value',
    'form_submission',
    'form_change_log',
    'form_manager',
    'form_version',
    'form',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
