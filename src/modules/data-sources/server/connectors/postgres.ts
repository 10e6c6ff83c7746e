import pg from 'pg';
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
import type { ColumnInfo, Limits, SourceSpec, SqlConnection } from './types';
import { databaseConfig } from './config-check';

/** Types by OID; anything else is text. Raw strings kept for int8, numeric, dates and times: normalised later without float or time-zone surprises. */
const OID_TYPES: Record<number, DataFieldType> = {
  16: 'boolean',
  20: 'integer',
  21: 'integer',
  23: 'integer',
  700: 'decimal',
  701: 'decimal',
  1700: 'decimal',
  790: 'decimal',
  1082: 'date',
  1114: 'datetime',
  1184: 'datetime',
  25: 'string',
  1043: 'string',
  1042: 'string',
};
const RAW_OIDS = new Set([20, 1700, 790, 1082, 1114, 1184, 1083, 1266]);

const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    RAW_OIDS.has(oid) ? (v: string) => v : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** A pg error as a coded data source error (anything unknown becomes "bad SQL" with the server's message). */
function classify(e: unknown, where: string, user: string, database: string, limits: Limits): DataSourceError {
  if (e instanceof DataSourceError) return e;
  const err = e as { code?: string; message?: string };
  const msg = err.message ?? String(e);
  const net = networkReason(e);
  if (net) return unreachable(where, net);
  switch (err.code) {
    case '28P01':
    case '28000':
      return authFailed(user);
    case '3D000':
      return databaseMissing(database);
    case '57014':
      return timedOut('查询', limits.statementMs);
    case '25006':
      return writeRefused('只读连接拒绝了写操作');
    case 'ETIMEDOUT':
      return timedOut('连接', limits.connectMs);
  }
  // pg's own connect timeout: 'timeout expired' or 'Connection terminated due to connection timeout'.
  if (/^timeout expired$/i.test(msg) || (/timeout/i.test(msg) && /connect/i.test(msg)))
    return timedOut('连接', limits.connectMs);
  if (/Query read timeout/i.test(msg)) return timedOut('查询', limits.statementMs);
  if (/Connection terminated/i.test(msg)) return unreachable(where, '连接被中断');
  if (/SSL/i.test(msg)) return unreachable(where, `TLS：${msg.slice(0, 80)}`);
  return badSql(msg);
}

export async function openPostgres(source: SourceSpec, limits: Limits): Promise<SqlConnection> {
  const cfg = databaseConfig(source);
  const where = `${cfg.host}:${cfg.port}/${cfg.database}`;
  const fail = (e: unknown) => classify(e, where, cfg.user, cfg.database, limits);
  const client = new pg.Client({
    host: cfg.host,
    port: cfg.port,
    database: cfg.database,
    user: cfg.user,
    password: source.secret ?? undefined,
    // Encrypts; the certificate is not verified (campus databases mostly use their own CA).
    ssl: cfg.ssl ? { rejectUnauthorized: false } : false,
    connectionTimeoutMillis: limits.connectMs,
    statement_timeout: limits.statementMs,
    query_timeout: limits.statementMs + 5_000,
    application_name: 'campus-portal-datasource',
    // Every transaction of this session is read-only, whatever the statement tries.
    options: '-c default_transaction_read_only=on',
    types,
  });
  // A connection that dies later must not end the process.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('BEGIN TRANSACTION READ ONLY');
  } catch (e) {
    await client.end().catch(() => undefined);
    throw fail(e);
  }

  const run = async (sql: string, params: readonly unknown[]) => {
    try {
      return await client.query({ text: sql, values: params as unknown[] });
    } catch (e) {
      throw fail(e);
    }
  };
  const columnsOf = (fields: pg.FieldDef[]): ColumnInfo[] =>
    fields.map((f) => ({ name: f.name, type: OID_TYPES[f.dataTypeID] ?? 'string' }));

  let cursors = 0;
  return {
    dialect: 'postgres',
    quote: (ident) => `"${ident.replace(/"/g, '""')}"`,
    placeholder: (n) => `$${n}`,
    async version() {
      const r = await run('SELECT version() AS v', []);
      return String(r.rows[0]?.v ?? '').split(' on ')[0] ?? '';
    },
    async listTables() {
      const r = await run(
        `SELECT table_schema AS s, table_name AS t FROM information_schema.tables
          WHERE table_schema = $1 ORDER BY table_name LIMIT 2000`,
        [cfg.schema || 'public'],
      );
      return r.rows.map((x: { s: string; t: string }) => (x.s === 'public' ? x.t : `${x.s}.${x.t}`));
    },
    async query(sql, params) {
      const r = await run(sql, params);
      return { columns: columnsOf(r.fields), rows: r.rows };
    },
    async *stream(sql, params, batchSize, signal) {
      // A server-side cursor in the read-only transaction: FETCH a batch at a time, each under statement_timeout.
      const name = `ds_cursor_${++cursors}`;
      await run(`DECLARE ${name} NO SCROLL CURSOR FOR ${sql}`, params);
      for (;;) {
        signal?.throwIfAborted();
        const r = await run(`FETCH ${Math.max(1, Math.floor(batchSize))} FROM ${name}`, []);
        if (r.rows.length) yield r.rows;
        if (r.rows.length < batchSize) break;
      }
      await run(`CLOSE ${name}`, []);
    },
    async close() {
      await client.query('ROLLBACK').catch(() => undefined);
      await client.end().catch(() => undefined);
    },
  };
}
