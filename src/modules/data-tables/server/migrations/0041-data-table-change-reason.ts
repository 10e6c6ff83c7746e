import type { Kysely } from 'kysely';

/**
 * data_table_change.reason (issue 18): why a row changed when the writer says so — an approved
 * 一表通 correction writes "数据纠错 #<id>：<reason>". Older records have none ('').
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('data_table_change')
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('data_table_change').dropColumn('reason').execute();
}
