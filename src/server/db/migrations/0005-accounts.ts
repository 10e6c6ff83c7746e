import type { Kysely } from 'kysely';

/**
 * Indexes for the account list's filters at 50 000 users (the core already has
 * (department_id, id), (kind, status, id) and user_no): the status filter alone, and the
 * lock filter (locked = locked_until in the future).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('app_user_status_idx').on('app_user').columns(['status', 'id']).execute();
  await db.schema.createIndex('app_user_locked_idx').on('app_user').column('locked_until').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('app_user_locked_idx').ifExists().execute();
  await db.schema.dropIndex('app_user_status_idx').ifExists().execute();
}
