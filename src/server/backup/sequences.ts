import { sql } from 'kysely';
import { dialectOf, EXCLUDED_TABLES, type RawDb } from './catalog';

/**
 * The last id each table handed out (PostgreSQL serial sequences, SQLite's sqlite_sequence for
 * AUTOINCREMENT ids), deleted rows included. A backup carries them so that a restore, even onto
 * another server, continues past every id the source ever used: a notice deleted before the
 * backup and one created after the restore never share an id (issue 26).
 */
export async function sequenceValues(db: RawDb): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  if (dialectOf(db) === 'postgres') {
    const rows = (
      await sql<{ table: string; last: number | null }>`
        select c.table_name as table,
          pg_sequence_last_value(pg_get_serial_sequence(c.table_name, c.column_name)::regclass) as last
        from information_schema.columns c
        where c.table_schema = current_schema() and c.column_default like 'nextval(%'`.execute(db)
    ).rows;
    for (const r of rows) if (r.last !== null && !EXCLUDED_TABLES.has(r.table)) out[r.table] = Number(r.last);
    return out;
  }
  const exists = await sql`select 1 from sqlite_master where type = 'table' and name = 'sqlite_sequence'`.execute(db);
  if (!exists.rows.length) return out;
  const rows = (await sql<{ name: string; seq: number }>`select name, seq from sqlite_sequence`.execute(db)).rows;
  for (const r of rows) if (!EXCLUDED_TABLES.has(r.name)) out[r.name] = Number(r.seq);
  return out;
}

/** A backup's header field, checked: table → last id (absent in older backups). */
export function isSequences(v: unknown): v is Record<string, number> {
  return (
    !!v &&
    typeof v === 'object' &&
    !Array.isArray(v) &&
    Object.values(v as Record<string, unknown>).every((n) => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0)
  );
}
