import type { Kysely } from 'kysely';

/**
 * data_sync.write_back (issue 18): where an approved 一表通 correction goes back to the owning
 * system — JSON `{ table, keyColumn, keyField, columns: { <data table field>: <source column> } }`,
 * null = no write-back. Set by administrators in 同步管理.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('data_sync').addColumn('write_back', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('data_sync').dropColumn('write_back').execute();
}
