import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, CamelCasePlugin } from 'kysely';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import type { Database } from './schema';

// int8 (bigint) columns hold millisecond timestamps and counts: well inside 2^53, so
// read them as numbers rather than pg's default strings.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export type Db = Kysely<Database>;
export type DialectName = 'sqlite' | 'postgres';

export interface OpenOptions {
  /** postgres://… or null for SQLite. */
  databaseUrl: string | null;
  /** SQLite file, or ':memory:'. Ignored for PostgreSQL. */
  sqliteFile?: string;
  /** PostgreSQL schema to use (tests isolate themselves in one). */
  pgSchema?: string;
  poolSize?: number;
}

export interface OpenDb {
  db: Db;
  dialect: DialectName;
}

export function openDb(opts: OpenOptions): OpenDb {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      ...(opts.pgSchema ? { options: `-c search_path=${opts.pgSchema}` } : {}),
    });
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] }), dialect: 'postgres' };
  }
  const file = opts.sqliteFile ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Sqlite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), plugins: [new CamelCasePlugin()] }), dialect: 'sqlite' };
}
