import type { Kysely } from 'kysely';
import { withId } from '@/server/db/migrations/helpers';

/** 学生预警 (issue 22): rules, warnings with their care records, visits, leave, counsellors, follows and requests. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ew_rule')
    .addColumn('list', 'text', (c) => c.primaryKey())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'integer')
    .execute();

  await withId(db, db.schema.createTable('ew_warning'))
    .addColumn('list', 'text', (c) => c.notNull())
    .addColumn('student_no', 'text', (c) => c.notNull())
    .addColumn('student_id', 'integer')
    .addColumn('student_name', 'text', (c) => c.notNull())
    .addColumn('college_id', 'integer')
    .addColumn('counsellor_id', 'integer')
    .addColumn('assignee_id', 'integer')
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('amount', 'double precision')
    .addColumn('evidence', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('detected_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // A student is listed once per cause and period: recomputation updates the evidence of the same row.
  await db.schema
    .createIndex('ew_warning_key')
    .on('ew_warning')
    .columns(['list', 'student_no', 'period'])
    .unique()
    .execute();
  await db.schema.createIndex('ew_warning_list').on('ew_warning').columns(['list', 'status', 'detected_at']).execute();
  await db.schema.createIndex('ew_warning_college').on('ew_warning').columns(['college_id', 'list']).execute();
  await db.schema.createIndex('ew_warning_counsellor').on('ew_warning').columns(['counsellor_id', 'list']).execute();
  await db.schema.createIndex('ew_warning_assignee').on('ew_warning').columns(['assignee_id', 'status']).execute();
  await db.schema.createIndex('ew_warning_student').on('ew_warning').columns(['student_no']).execute();

  await withId(db, db.schema.createTable('ew_care'))
    .addColumn('warning_id', 'integer')
    .addColumn('student_no', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer', (c) => c.notNull())
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ew_care_warning').on('ew_care').columns(['warning_id', 'at']).execute();
  await db.schema.createIndex('ew_care_student').on('ew_care').columns(['student_no', 'at']).execute();

  await withId(db, db.schema.createTable('ew_visit'))
    .addColumn('student_no', 'text', (c) => c.notNull())
    .addColumn('student_name', 'text', (c) => c.notNull())
    .addColumn('college_id', 'integer')
    .addColumn('counsellor_id', 'integer')
    .addColumn('visitor_id', 'integer', (c) => c.notNull())
    .addColumn('visitor_name', 'text', (c) => c.notNull())
    .addColumn('place', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('warning_id', 'integer')
    .addColumn('visited_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ew_visit_time').on('ew_visit').columns(['visited_at']).execute();
  await db.schema.createIndex('ew_visit_college').on('ew_visit').columns(['college_id', 'visited_at']).execute();

  // Approved leave read from the workflow (学生请假申请); days are China-time day numbers for the rules' SQL.
  await withId(db, db.schema.createTable('ew_leave'))
    .addColumn('instance_id', 'integer', (c) => c.notNull().unique())
    .addColumn('student_id', 'integer', (c) => c.notNull())
    .addColumn('student_no', 'text', (c) => c.notNull())
    .addColumn('student_name', 'text', (c) => c.notNull())
    .addColumn('college_id', 'integer')
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('start_day', 'integer', (c) => c.notNull())
    .addColumn('end_day', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('approved_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ew_leave_student').on('ew_leave').columns(['student_no', 'start_day']).execute();

  // Which counsellor looks after which student (the organisation has classes, not counsellors).
  await db.schema
    .createTable('ew_counsellor')
    .addColumn('student_id', 'integer', (c) => c.primaryKey())
    .addColumn('student_no', 'text', (c) => c.notNull().unique())
    .addColumn('counsellor_id', 'integer', (c) => c.notNull())
    .addColumn('college_id', 'integer')
    .execute();
  await db.schema.createIndex('ew_counsellor_by').on('ew_counsellor').columns(['counsellor_id']).execute();

  await withId(db, db.schema.createTable('ew_follow'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('student_no', 'text', (c) => c.notNull())
    .addColumn('student_name', 'text', (c) => c.notNull())
    .addColumn('college_id', 'integer')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ew_follow_user').on('ew_follow').columns(['user_id', 'status', 'created_at']).execute();

  // 报告 / 协助 / 不再关注 of the approval centre.
  await withId(db, db.schema.createTable('ew_request'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'integer', (c) => c.notNull())
    .addColumn('student_no', 'text', (c) => c.notNull())
    .addColumn('student_name', 'text', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.notNull())
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('department_id', 'integer')
    .addColumn('approver_id', 'integer')
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reply', 'text', (c) => c.notNull())
    .addColumn('replier_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('ew_request_author')
    .on('ew_request')
    .columns(['author_id', 'kind', 'created_at'])
    .execute();
  await db.schema.createIndex('ew_request_department').on('ew_request').columns(['department_id', 'kind']).execute();
  await db.schema.createIndex('ew_request_approver').on('ew_request').columns(['approver_id', 'status']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'ew_request',
    'ew_follow',
    'ew_counsellor',
    'ew_leave',
    'ew_visit',
    'ew_care',
    'ew_warning',
    'ew_rule',
  ])
    await db.schema.dropTable(t).execute();
}
