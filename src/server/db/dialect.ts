import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, CamelCasePlugin } from 'kysely';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import type { Database } from './schema';
import { PG_TIMEOUT_DEFAULTS, type PgTimeouts } from '../config';

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
  /** An in-memory SQLite database opened as a copy of this image (better-sqlite3's serialize()): tests start prepared. */
  sqliteImage?: Buffer;
  /** PostgreSQL schema to use (tests isolate themselves in one). */
  pgSchema?: string;
  poolSize?: number;
  /** PostgreSQL timeouts (config.pg); the defaults of config.ts when absent. */
  pgTimeouts?: PgTimeouts;
  /** Where a lost connection is reported (the app's pino logger); stderr when absent. */
  log?: DbLogger;
}

export interface DbLogger {
  warn(obj: object, msg: string): void;
}

const stderrLogger: DbLogger = {
  warn: (obj, msg) => console.error(msg, JSON.stringify(obj)),
};

export interface OpenDb {
  db: Db;
  dialect: DialectName;
}

export function openDb(opts: OpenOptions): OpenDb {
  if (opts.databaseUrl) {
    const pool = openPgPool(opts);
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] }),
      dialect: 'postgres',
    };
  }
  const file = opts.sqliteImage ? ':memory:' : (opts.sqliteFile ?? ':memory:');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Sqlite(opts.sqliteImage ?? file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    plugins: [new CamelCasePlugin()],
  });
  sqliteHandles.set(db, sqlite);
  return { db, dialect: 'sqlite' };
}

const sqliteHandles = new WeakMap<Db, Sqlite.Database>();

/**
 * The better-sqlite3 connection under a SQLite Db opened here (null otherwise): for SQLite's
 * online backup API (a backup's snapshot, src/server/backup/snapshot.ts), which Kysely does not expose.
 */
export const sqliteConnectionOf = (db: Db): Sqlite.Database | null => sqliteHandles.get(db) ?? null;

/**
 * The PostgreSQL pool. A connection the server drops (restart, failover, pg_terminate_backend,
 * an idle cut) emits `error`, on the connection and, while it is idle, on the pool; unhandled,
 * either ends the process. A query in flight fails (→ 503, see connection-errors.ts), the broken
 * connection is discarded at release and the next query opens a fresh one: the server recovers
 * by itself.
 */
function openPgPool(opts: OpenOptions): pg.Pool {
  const t = opts.pgTimeouts ?? PG_TIMEOUT_DEFAULTS;
  const log = opts.log ?? stderrLogger;
  const pool = new pg.Pool({
    connectionString: opts.databaseUrl!,
    max: opts.poolSize ?? 10,
    connectionTimeoutMillis: t.connectMs,
    idleTimeoutMillis: t.idleMs,
    ...(t.statementMs ? { statement_timeout: t.statementMs } : {}),
    ...(t.queryMs ? { query_timeout: t.queryMs } : {}),
    // Notice a silently vanished server (no FIN: a cut network, a failed-over address) on idle sockets too.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    // Names this server's sessions in pg_stat_activity; ?application_name= in DATABASE_URL wins.
    application_name: opts.pgSchema ? `campus-portal:${opts.pgSchema}` : 'campus-portal',
    ...(opts.pgSchema ? { options: `-c search_path=${opts.pgSchema}` } : {}),
  });
  // Every connection reports its own loss, idle or checked out; the pool then only drops it.
  pool.on('connect', (client) =>
    client.on('error', (err: Error & { code?: string }) =>
      log.warn({ code: err.code, reason: err.message }, 'database connection lost'),
    ),
  );
  pool.on('error', () => undefined);
  return pool;
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
