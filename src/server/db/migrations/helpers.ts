import { type Kysely, type CreateTableBuilder, PostgresAdapter, sql } from 'kysely';

/** True when the migration runs on PostgreSQL (the only place the dialects differ). */
export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Whether a table exists in the schema the migration runs in. Kysely's introspection lists every
 * schema of a PostgreSQL database (and fails when another one is dropped meanwhile), so this asks
 * the current search path (to_regclass) or SQLite's catalogue directly.
 */
export async function hasTable(db: Kysely<unknown>, name: string): Promise<boolean> {
  if (isPostgres(db)) {
    const { rows } = await sql<{ t: string | null }>`select to_regclass(${name})::text as t`.execute(db);
    return rows[0]?.t != null;
  }
  const { rows } = await sql<{
    n: number;
  }>`select count(*) as n from sqlite_master where type = 'table' and name = ${name}`.execute(db);
  return Number(rows[0]?.n) > 0;
}

/** An auto-increment integer primary key named id, spelled the way each dialect wants it. */
export function withId<T extends string>(
  db: Kysely<unknown>,
  table: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
