import type { Kysely } from 'kysely';

/**
 * data_table.row_version: a counter every row write bumps in its transaction (touchRows). Modules
 * that recompute something after a sync (BI, early warnings, the leaders' cockpit) compare it
 * instead of counting the table's rows every few minutes (getChangeVersions).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('data_table')
    .addColumn('row_version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('data_table').dropColumn('row_version').execute();
}
