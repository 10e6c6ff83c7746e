import { sql, type Kysely } from 'kysely';
import { hasTable } from '@/server/db/migrations/helpers';

/** Where the workflow's task messages point (approval-links taskLink): the task id follows. */
const TASK_LINK_PREFIX = '/web/taskCenter/taskApproval?taskId=';

/**
 * What a message is about, and when that was done: `subject` (a key the sender chooses, e.g.
 * `wf_task:42` for an approval task; '' for none) and `done_at` (ms; set with the read time once
 * the subject is handled, by anyone, so a handled task leaves the unread count).
 *
 * Existing task and urge messages get their task's subject from their link, and those whose task
 * is no longer open are settled now: before this, a 请审批 stayed unread after the task was done.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('message')
    .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('message').addColumn('done_at', 'bigint').execute();
  // settleMessages finds the open messages of a subject.
  await db.schema.createIndex('message_subject_idx').on('message').columns(['subject', 'done_at']).execute();

  const start = TASK_LINK_PREFIX.length + 1;
  await sql`
    update message set subject = 'wf_task:' || substr(link, ${sql.lit(start)})
    where kind in ('task', 'urge') and link like ${sql.lit(`${TASK_LINK_PREFIX}%`)}
  `.execute(db);

  // Read-only look at the workflow's tasks, once, in the migration (the running code asks the
  // workflow through its own commands); absent when the workflow module is not installed.
  if (!(await hasTable(db, 'wf_task'))) return;
  const now = Date.now();
  await sql`
    update message set done_at = ${now}, read_at = coalesce(read_at, ${now})
    where subject like 'wf_task:%' and done_at is null
      and exists (
        select 1 from wf_task t
        where t.id = cast(substr(message.subject, 9) as integer) and t.status not in ('pending', 'waiting')
      )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('message_subject_idx').ifExists().execute();
  await db.schema.alterTable('message').dropColumn('done_at').execute();
  await db.schema.alterTable('message').dropColumn('subject').execute();
}
