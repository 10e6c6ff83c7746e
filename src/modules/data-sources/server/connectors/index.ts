import type { Limits, SourceSpec, SqlConnection } from './types';
import { openPostgres } from './postgres';
import { openMysql } from './mysql';
import { openSqlite } from './sqlite';

export type { Limits, SourceSpec, SqlConnection } from './types';
export { BULK_LIMITS, INTERACTIVE_LIMITS } from './types';

/** A read-only connection to a database source; the caller closes it. HTTP sources have no connection (see http.ts). */
export function openSql(source: SourceSpec, limits: Limits, dataDir: string): Promise<SqlConnection> {
  switch (source.kind) {
    case 'postgres':
      return openPostgres(source, limits);
    case 'mysql':
      return openMysql(source, limits);
    case 'sqlite':
      return openSqlite(source, limits, dataDir);
    case 'http':
      throw new Error('HTTP sources have no SQL connection');
  }
}

/** Open, use, close: the connection never outlives one operation. */
export async function withSql<T>(
  source: SourceSpec,
  limits: Limits,
  dataDir: string,
  use: (conn: SqlConnection) => Promise<T>,
): Promise<T> {
  const conn = await openSql(source, limits, dataDir);
  try {
    return await use(conn);
  } finally {
    await conn.close();
  }
}
