import mysql from 'mysql2/promise';
import type { FieldPacket, RowDataPacket } from 'mysql2/promise';
import type { Connection as CoreConnection } from 'mysql2';
import type { DataFieldType } from '../../contract';
import {
  authFailed,
  badSql,
  databaseMissing,
  DataSourceError,
  networkReason,
  timedOut,
  unreachable,
  writeRefused,
} from '../source-error';
import { databaseConfig } from './config-check';
import type { ColumnInfo, Limits, SourceSpec, SqlConnection } from './types';

/** MySQL protocol column types (mysql2's Types) → field types; tinyint(1) is a boolean. */
function columnType(f: FieldPacket): DataFieldType {
  const t = f.columnType ?? f.type ?? 253;
  switch (t) {
    case 1:
      return f.columnLength === 1 ? 'boolean' : 'integer';
    case 2:
    case 3:
    case 8:
    case 9:
    case 13:
      return 'integer';
    case 16:
      return f.columnLength === 1 ? 'boolean' : 'integer';
    case 0:
    case 4:
    case 5:
    case 246:
      return 'decimal';
    case 10:
    case 14:
      return 'date';
    case 7:
    case 12:
      return 'datetime';
    case 249:
    case 250:
    case 251:
    case 252:
    case 245:
      return 'text';
    default:
      return 'string';
  }
}

function classify(e: unknown, where: string, user: string, database: string, limits: Limits): DataSourceError {
  if (e instanceof DataSourceError) return e;
  const err = e as { code?: string; errno?: number; message?: string; fatal?: boolean };
  const net = networkReason(e);
  if (net) return unreachable(where, net);
  switch (err.code) {
    case 'ER_ACCESS_DENIED_ERROR':
    case 'ER_DBACCESS_DENIED_ERROR':
    case 'ER_ACCESS_DENIED_NO_PASSWORD_ERROR':
      return authFailed(user);
    case 'ER_BAD_DB_ERROR':
      return databaseMissing(database);
    case 'ETIMEDOUT':
      return timedOut('连接', limits.connectMs);
    case 'PROTOCOL_SEQUENCE_TIMEOUT':
      return timedOut('查询', limits.statementMs);
    case 'ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION':
      return writeRefused('只读连接拒绝了写操作');
  }
  // 3024: MySQL's max_execution_time; 1969: MariaDB's max_statement_time.
  if (err.errno === 3024 || err.errno === 1969) return timedOut('查询', limits.statementMs);
  if (err.errno === 1792) return writeRefused('只读连接拒绝了写操作');
  return badSql(err.message ?? String(e));
}

export async function openMysql(source: SourceSpec, limits: Limits): Promise<SqlConnection> {
  const cfg = databaseConfig(source);
  const where = `${cfg.host}:${cfg.port}/${cfg.database}`;
  const fail = (e: unknown) => classify(e, where, cfg.user, cfg.database, limits);
  let conn: mysql.Connection;
  try {
    conn = await mysql.createConnection({
      host: cfg.host,
      port: cfg.port,
      database: cfg.database,
      user: cfg.user,
      password: source.secret ?? undefined,
      connectTimeout: limits.connectMs,
      // Dates and big numbers as text: normalised later, without time-zone or float surprises.
      dateStrings: true,
      supportBigNumbers: true,
      bigNumberStrings: true,
      multipleStatements: false,
      charset: 'utf8mb4',
      // Encrypts; the certificate is not verified (campus databases mostly use their own CA).
      ...(cfg.ssl ? { ssl: { rejectUnauthorized: false } } : {}),
    });
  } catch (e) {
    throw fail(e);
  }
  conn.on('error', () => undefined);
  const queryTimeout = limits.statementMs + 5_000;
  const run = async (sql: string, params: readonly unknown[] = []) => {
    try {
      return await conn.query<RowDataPacket[]>({ sql, timeout: queryTimeout }, params as unknown[]);
    } catch (e) {
      throw fail(e);
    }
  };
  try {
    const [v] = await run('SELECT VERSION() AS v');
    const version = String(v[0]?.v ?? '');
    // The server stops a statement past the limit (MariaDB counts seconds, MySQL milliseconds).
    if (/mariadb/i.test(version))
      await run(`SET SESSION max_statement_time = ${Math.max(1, Math.ceil(limits.statementMs / 1000))}`);
    else await run(`SET SESSION max_execution_time = ${Math.max(1, limits.statementMs)}`);
    await run('SET SESSION TRANSACTION READ ONLY');
    await run('START TRANSACTION READ ONLY');
  } catch (e) {
    await conn.end().catch(() => undefined);
    throw fail(e);
  }

  const columnsOf = (fields: FieldPacket[] | undefined): ColumnInfo[] =>
    (fields ?? []).map((f) => ({ name: f.name, type: columnType(f) }));

  return {
    dialect: 'mysql',
    quote: (ident) => `\`${ident.replace(/`/g, '``')}\``,
    placeholder: () => '?',
    async version() {
      const [r] = await run('SELECT VERSION() AS v');
      const v = String(r[0]?.v ?? '');
      return /mariadb/i.test(v) ? `MariaDB ${v}` : `MySQL ${v}`;
    },
    async listTables() {
      const [r] = await run(
        'SELECT TABLE_NAME AS t FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME LIMIT 2000',
      );
      return r.map((x) => String(x.t));
    },
    async query(sql, params) {
      const [rows, fields] = await run(sql, params);
      return { columns: columnsOf(fields), rows: rows.map((r) => ({ ...r })) };
    },
    async *stream(sql, params, batchSize, signal) {
      // The callback connection under the promise wrapper streams rows instead of buffering the result.
      const core = (conn as unknown as { connection: CoreConnection }).connection;
      const stream = core.query({ sql }, params as unknown[]).stream({ highWaterMark: batchSize });
      const abort = () => stream.destroy(new Error('aborted'));
      signal?.addEventListener('abort', abort, { once: true });
      let batch: Record<string, unknown>[] = [];
      try {
        for await (const row of stream as AsyncIterable<Record<string, unknown>>) {
          batch.push({ ...row });
          if (batch.length >= batchSize) {
            yield batch;
            batch = [];
          }
        }
        signal?.throwIfAborted();
        if (batch.length) yield batch;
      } catch (e) {
        signal?.throwIfAborted();
        throw fail(e);
      } finally {
        signal?.removeEventListener('abort', abort);
      }
    },
    async close() {
      await conn.query('ROLLBACK').catch(() => undefined);
      await conn.end().catch(() => undefined);
    },
  };
}
