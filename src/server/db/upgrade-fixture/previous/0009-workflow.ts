import type { Kysely } from 'kysely';
import { withId } from '@/server/db/migrations/helpers';

/** The workflow engine (issue 6): processes and versions, instances, tasks, copies, history, revisions, delegation, department leaders. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('wf_process'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('form_id', 'integer', (c) => c.notNull().references('form.id'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('draft', 'text', (c) => c.notNull())
    .addColumn('latest_version', 'integer')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by_name', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('wf_process_form_idx').on('wf_process').columns(['form_id', 'status']).execute();
  await db.schema.createIndex('wf_process_updated_idx').on('wf_process').columns(['updated_at', 'id']).execute();

  await db.schema
    .createTable('wf_process_version')
    .addColumn('process_id', 'integer', (c) => c.notNull().references('wf_process.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('definition', 'text', (c) => c.notNull())
    .addColumn('published_at', 'bigint', (c) => c.notNull())
    .addColumn('published_by_name', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('wf_process_version_pk', ['process_id', 'version'])
    .execute();

  await withId(db, db.schema.createTable('wf_instance'))
    .addColumn('process_id', 'integer', (c) => c.notNull().references('wf_process.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('form_id', 'integer', (c) => c.notNull())
    .addColumn('submission_id', 'integer', (c) => c.notNull().references('form_submission.id'))
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('normal'))
    .addColumn('parent_id', 'integer')
    .addColumn('edit_values', 'text')
    .addColumn('edit_diff', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('applicant_id', 'integer', (c) => c.notNull().references('app_user.id'))
    .addColumn('applicant_name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('current_nodes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('record_token', 'text', (c) => c.notNull().unique())
    .addColumn('row_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('activation_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('ended_at', 'bigint')
    .addColumn('last_urged_at', 'bigint')
    .execute();
  // "Launched by me", newest first; the monitor's running list; one submission's instances.
  await db.schema
    .createIndex('wf_instance_applicant_idx')
    .on('wf_instance')
    .columns(['applicant_id', 'started_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('wf_instance_status_idx')
    .on('wf_instance')
    .columns(['status', 'started_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('wf_instance_submission_idx')
    .on('wf_instance')
    .columns(['submission_id', 'id'])
    .execute();

  await withId(db, db.schema.createTable('wf_task'))
    .addColumn('instance_id', 'integer', (c) => c.notNull().references('wf_instance.id'))
    .addColumn('node_id', 'text', (c) => c.notNull())
    .addColumn('node_name', 'text', (c) => c.notNull())
    .addColumn('activation', 'integer', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('assignee_id', 'integer', (c) => c.notNull().references('app_user.id'))
    .addColumn('assignee_name', 'text', (c) => c.notNull())
    .addColumn('delegated_from', 'integer')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('batch_approve', 'integer', (c) => c.notNull().defaultTo(0))
    // Copied from the instance so the lists filter and sort on this table's indexes alone.
    .addColumn('form_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('applicant_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('due_at', 'bigint')
    .addColumn('handled_at', 'bigint')
    .execute();
  // Pending tasks of one approver, newest first: an index range scan whatever the table's size.
  await db.schema
    .createIndex('wf_task_assignee_idx')
    .on('wf_task')
    .columns(['assignee_id', 'status', 'created_at desc', 'id desc'])
    .execute();
  // Tasks dealt by one approver, newest handling first.
  await db.schema
    .createIndex('wf_task_handled_idx')
    .on('wf_task')
    .columns(['assignee_id', 'handled_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('wf_task_instance_idx')
    .on('wf_task')
    .columns(['instance_id', 'activation', 'seq'])
    .execute();

  await withId(db, db.schema.createTable('wf_copy'))
    .addColumn('instance_id', 'integer', (c) => c.notNull().references('wf_instance.id'))
    .addColumn('node_id', 'text', (c) => c.notNull())
    .addColumn('node_name', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id'))
    .addColumn('form_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('applicant_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('wf_copy_user_idx')
    .on('wf_copy')
    .columns(['user_id', 'created_at desc', 'id desc'])
    .execute();
  await db.schema.createIndex('wf_copy_instance_idx').on('wf_copy').columns(['instance_id', 'user_id']).execute();

  await withId(db, db.schema.createTable('wf_history'))
    .addColumn('instance_id', 'integer', (c) => c.notNull().references('wf_instance.id'))
    .addColumn('node_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('node_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('actor_id', 'integer')
    .addColumn('actor_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('attachments', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('wf_history_instance_idx').on('wf_history').columns(['instance_id', 'id']).execute();

  // Every version of a submission's values: 1 is what was first submitted; resubmits and approved edits add the next.
  await withId(db, db.schema.createTable('wf_submission_revision'))
    .addColumn('submission_id', 'integer', (c) => c.notNull().references('form_submission.id'))
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('values', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('instance_id', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('wf_submission_revision_idx')
    .on('wf_submission_revision')
    .columns(['submission_id', 'revision'])
    .unique()
    .execute();

  await withId(db, db.schema.createTable('wf_delegation'))
    .addColumn('from_user_id', 'integer', (c) => c.notNull().references('app_user.id'))
    .addColumn('to_user_id', 'integer', (c) => c.notNull().references('app_user.id'))
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('wf_delegation_from_idx')
    .on('wf_delegation')
    .columns(['from_user_id', 'starts_at'])
    .execute();

  await db.schema
    .createTable('department_leader')
    .addColumn('department_id', 'integer', (c) => c.notNull().references('department.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('department_leader_pk', ['department_id', 'user_id'])
    .execute();
}
