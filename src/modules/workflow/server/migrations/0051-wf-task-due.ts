import type { Kysely } from 'kysely';

/**
 * Efficiency supervision (issue 22) reads tasks by their time limit: the open ones past or near it
 * (status = 'pending', due_at range) and every limited task of a period by when it fell due (the
 * daily trend) or began (rates and mean handling time).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('wf_task_status_due_idx').on('wf_task').columns(['status', 'due_at']).execute();
  await db.schema.createIndex('wf_task_due_idx').on('wf_task').columns(['due_at']).execute();
  await db.schema.createIndex('wf_task_created_idx').on('wf_task').columns(['created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('wf_task_created_idx').execute();
  await db.schema.dropIndex('wf_task_due_idx').execute();
  await db.schema.dropIndex('wf_task_status_due_idx').execute();
}
