import type { Kysely } from 'kysely';
import { withId } from '@/server/db/migrations/helpers';

/** 效能督查 (issue 22): escalations of overdue tasks to the assignee's leaders. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('es_escalation'))
    .addColumn('task_id', 'integer', (c) => c.notNull())
    .addColumn('instance_id', 'integer', (c) => c.notNull())
    .addColumn('assignee_id', 'integer', (c) => c.notNull())
    .addColumn('leader_names', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer', (c) => c.notNull())
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  // The list's "last escalated" of a page of tasks.
  await db.schema.createIndex('es_escalation_task_idx').on('es_escalation').columns(['task_id', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('es_escalation').execute();
}
