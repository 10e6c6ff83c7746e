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
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] }),
      dialect: 'postgres',
    };
  }
  const file = opts.sqliteFile ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Sqlite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  return {
    db: new Kysely<Database>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
      plugins: [new CamelCasePlugin()],
    }),
    dialect: 'sqlite',
  };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query afresh, and preparing is a large share of a small query's cost
 * on SQLite. Statements are cached by their SQL text (least recently used out first). Reuse
 * is safe: Kysely runs one query at a time on its single SQLite connection.
 */
function withStatementCache(sqlite: Sqlite.Database): Pick<Sqlite.Database, 'prepare' | 'close'> {
  const cache = new Map<string, Sqlite.Statement>();
  return {
    prepare(sql: string) {
      let stmt = cache.get(sql);
      if (stmt) {
        cache.delete(sql);
      } else {
        stmt = sqlite.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, stmt);
      return stmt;
    },
    close() {
      cache.clear();
      return sqlite.close();
    },
  } as Pick<Sqlite.Database, 'prepare' | 'close'>;
}
