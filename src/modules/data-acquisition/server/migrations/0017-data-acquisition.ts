import type { Kysely } from 'kysely';
import { withId } from '@/server/db/migrations/helpers';

/** Data collection (issue 16): tasks, records (rows-to-be) and assignments (each person's part). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('acq_task'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('form_id', 'integer', (c) => c.notNull())
    .addColumn('form_version', 'integer')
    .addColumn('fillers', 'text', (c) => c.notNull())
    .addColumn('deadline', 'bigint', (c) => c.notNull())
    .addColumn('reminders', 'text', (c) => c.notNull())
    .addColumn('reminders_sent', 'text', (c) => c.notNull())
    .addColumn('table_id', 'integer')
    .addColumn('mapping', 'text', (c) => c.notNull())
    .addColumn('key_fields', 'text', (c) => c.notNull())
    .addColumn('process_id', 'integer')
    .addColumn('review_write', 'integer', (c) => c.notNull())
    .addColumn('collaborative', 'integer', (c) => c.notNull())
    .addColumn('collaborators', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('published_at', 'bigint')
    .execute();
  await db.schema.createIndex('acq_task_owner_idx').on('acq_task').columns(['owner_id', 'updated_at', 'id']).execute();
  await db.schema.createIndex('acq_task_status_deadline_idx').on('acq_task').columns(['status', 'deadline']).execute();

  await withId(db, db.schema.createTable('acq_record'))
    .addColumn('task_id', 'integer', (c) => c.notNull().references('acq_task.id').onDelete('cascade'))
    .addColumn('record_key', 'text', (c) => c.notNull())
    .addColumn('record_label', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('values', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('submission_id', 'integer')
    .addColumn('instance_id', 'integer')
    .addColumn('applicant_id', 'integer')
    .addColumn('submitted_at', 'bigint')
    .addColumn('written_at', 'bigint')
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('acq_record_task_state_idx')
    .on('acq_record')
    .columns(['task_id', 'state', 'id'])
    .execute();
  await db.schema.createIndex('acq_record_instance_idx').on('acq_record').column('instance_id').execute();
  await db.schema.createIndex('acq_record_state_idx').on('acq_record').columns(['state', 'id']).execute();
  await db.schema
    .createIndex('acq_record_applicant_idx')
    .on('acq_record')
    .columns(['applicant_id', 'submitted_at'])
    .execute();

  await withId(db, db.schema.createTable('acq_assignment'))
    .addColumn('task_id', 'integer', (c) => c.notNull().references('acq_task.id').onDelete('cascade'))
    .addColumn('record_id', 'integer', (c) => c.notNull().references('acq_record.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('fields', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('saved_at', 'bigint')
    .addColumn('submitted_at', 'bigint')
    .addColumn('reminded_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('acq_assignment_unique_idx')
    .on('acq_assignment')
    .columns(['task_id', 'record_id', 'user_id'])
    .unique()
    .execute();
  await db.schema.createIndex('acq_assignment_user_idx').on('acq_assignment').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('acq_assignment_task_state_idx')
    .on('acq_assignment')
    .columns(['task_id', 'state', 'id'])
    .execute();
  await db.schema.createIndex('acq_assignment_record_idx').on('acq_assignment').column('record_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('acq_assignment').ifExists().execute();
  await db.schema.dropTable('acq_record').ifExists().execute();
  await db.schema.dropTable('acq_task').ifExists().execute();
}
