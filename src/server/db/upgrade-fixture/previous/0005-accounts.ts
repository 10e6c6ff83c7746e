import type { Kysely } from 'kysely';

/**
 * Indexes for the account list's filters at 50 000 users (the core already has
 * (department_id, id), (kind, status, id) and user_no): the status filter alone, the lock
 * filter (locked = locked_until in the future), and a department subtree searched by keyword.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('app_user_status_idx').on('app_user').columns(['status', 'id']).execute();
  await db.schema.createIndex('app_user_locked_idx').on('app_user').column('locked_until').execute();
  // A department's people with the columns the keyword searches: a subtree + keyword filter (and
  // its count) is answered from this index without visiting the table row by row.
  await db.schema
    .createIndex('app_user_department_search_idx')
    .on('app_user')
    .columns(['department_id', 'id', 'username', 'real_name', 'user_no'])
    .execute();
  // It starts with (department_id, id): the core's index of those two columns serves nothing more.
  await db.schema.dropIndex('app_user_department_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('app_user_department_idx').on('app_user').columns(['department_id', 'id']).execute();
  await db.schema.dropIndex('app_user_department_search_idx').ifExists().execute();
  await db.schema.dropIndex('app_user_locked_idx').ifExists().execute();
  await db.schema.dropIndex('app_user_status_idx').ifExists().execute();
}
