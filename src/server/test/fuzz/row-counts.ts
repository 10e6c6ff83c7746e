import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';

export type RowCounts = Record<string, number>;

/**
 * The app's own tables (its PostgreSQL schema only; migration bookkeeping left out), without the
 * data tables' run-time `dt_*` tables: an administrator's accepted request may create or drop one,
 * and their definitions (data_table, data_table_field) are counted anyway.
 */
export async function listTables(app: FastifyInstance): Promise<string[]> {
  const rows =
    app.dialect === 'postgres'
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(app.db)
      : await sql<{ name: string }>`select name from sqlite_master
          where type = 'table' and name not like 'sqlite_%'`.execute(app.db);
  return rows.rows
    .map((r) => r.name)
    .filter((n) => !n.startsWith('kysely_') && !n.startsWith('dt_'))
    .sort();
}

/** Row counts of these tables in one query (cheap enough to run around every refused request). */
export function rowCounter(app: FastifyInstance, tables: string[]): () => Promise<RowCounts> {
  const select = sql.raw(
    'select ' + tables.map((t, i) => `(select count(*) from "${t.replace(/"/g, '')}") as c${i}`).join(', '),
  );
  return async () => {
    const row = (await sql<Record<string, number | string>>`${select}`.execute(app.db)).rows[0] ?? {};
    return Object.fromEntries(tables.map((t, i) => [t, Number(row[`c${i}`])]));
  };
}

/** Tables whose count differs, as "table: before → after". */
export function countChanges(before: RowCounts, after: RowCounts): string[] {
  return Object.keys(before)
    .filter((t) => before[t] !== after[t])
    .map((t) => `${t}: ${before[t]} → ${after[t]}`);
}
