import type { Kysely } from 'kysely';

/**
 * Visits counted per day (auth module, which counts them). Split from 0001-core, which made
 * this table until the split: where it already exists nothing changes (IF NOT EXISTS).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('visit_stat')
    .ifNotExists()
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('visit_stat').ifExists().execute();
}
