import type { Kysely } from 'kysely';
import { withId } from '@/server/db/migrations/helpers';

/**
 * Time limits that act (issue 24 item 1). A limited task carries `alarm_at`, the next moment the
 * `workflow.time-limits` job must look at it (a reminder or the node's timeout action), and
 * `alarms_done`, how many steps of the node's schedule have run: the job claims a step by moving
 * `alarms_done` on conditionally, so two app servers never run one twice. `reminders_sent` and
 * `timeout_action` are what the approval pages show. `wf_timer` holds the waits of timer nodes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('wf_task').addColumn('alarm_at', 'bigint').execute();
  await db.schema
    .alterTable('wf_task')
    .addColumn('alarms_done', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('wf_task')
    .addColumn('reminders_sent', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('wf_task').addColumn('timeout_action', 'text').execute();
  // The job's scan: pending tasks whose next step is due.
  await db.schema.createIndex('wf_task_alarm_idx').on('wf_task').columns(['status', 'alarm_at']).execute();

  await withId(db, db.schema.createTable('wf_timer'))
    .addColumn('instance_id', 'integer', (c) => c.notNull().references('wf_instance.id'))
    .addColumn('node_id', 'text', (c) => c.notNull())
    .addColumn('node_name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('fire_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('fired_at', 'bigint')
    .execute();
  await db.schema.createIndex('wf_timer_due_idx').on('wf_timer').columns(['status', 'fire_at']).execute();
  await db.schema.createIndex('wf_timer_instance_idx').on('wf_timer').columns(['instance_id', 'status']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wf_timer').execute();
  await db.schema.dropIndex('wf_task_alarm_idx').execute();
  for (const c of ['timeout_action', 'reminders_sent', 'alarms_done', 'alarm_at'])
    await db.schema.alterTable('wf_task').dropColumn(c).execute();
}
