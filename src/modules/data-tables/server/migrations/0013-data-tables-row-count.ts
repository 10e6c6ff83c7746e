import { sql, type Kysely } from 'kysely';

/**
 * data_table.row_count: the rows of each physical table, kept by every write in its transaction,
 * so a page of a big table shows its total without counting it (issue 16 bench). Existing tables
 * are counted once here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('data_table')
    .addColumn('row_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  const tables = await sql<{ id: number; code: string }>`select id, code from data_table`.execute(db);
  for (const t of tables.rows) {
    if (!/^[a-z][a-z0-9_]{0,39}$/.test(t.code)) continue;
    await sql`update data_table set row_count = (select count(*) from ${sql.raw(`"dt_${t.code}"`)}) where id = ${t.id}`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('data_table').dropColumn('row_count').execute();
}
