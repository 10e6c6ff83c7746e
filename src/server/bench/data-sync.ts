import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createDataSource } from '@/modules/data-sources/server/commands/create-source';
import { createDataset } from '@/modules/data-sources/server/commands/create-dataset';
import { createDataTable } from '@/modules/data-tables/server/commands/create-data-table';
import { createSync } from '@/modules/data-sync/server/commands/create-sync';
import { queueRun } from '@/modules/data-sync/server/service';
import { executeSyncRun } from '@/modules/data-sync/server/engine';

/**
 * Sync throughput (issue 16): `rows` rows of a source table copied by the real sync engine
 * (readDataset → map → writeRows in 1,000-row transactions with the checkpoint) into a data table
 * of a temp SQLite platform database, against a bare `INSERT … SELECT` of the same rows in the same
 * run: for the SQLite source an ATTACHed copy into a plain table of the platform database, for the
 * PostgreSQL source a copy inside PostgreSQL. ratio = sync rows/s ÷ bare rows/s.
 */
export interface SyncBenchResult {
  source: 'sqlite' | 'postgres';
  rows: number;
  syncSeconds: number;
  syncRowsPerSecond: number;
  bareSeconds: number;
  bareRowsPerSecond: number;
  ratio: number;
}

const COLUMNS = 'xh TEXT, xm TEXT, dept TEXT, score INTEGER, amount REAL, day TEXT, updated BIGINT';

/** Deterministic rows: student number, name, department, score, amount, a date and a timestamp. */
function sourceRowsSql(rows: number, dialect: 'sqlite' | 'postgres'): string {
  const pad = dialect === 'sqlite' ? "printf('S%08d', n)" : "'S' || lpad(n::text, 8, '0')";
  const day =
    dialect === 'sqlite'
      ? "date('2026-01-01', '+' || (n % 365) || ' days')"
      : "to_char(date '2026-01-01' + (n % 365), 'YYYY-MM-DD')";
  const series =
    dialect === 'sqlite'
      ? `WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < ${rows}) SELECT`
      : `SELECT`;
  const from = dialect === 'sqlite' ? 'FROM s' : `FROM generate_series(1, ${rows}) AS n`;
  return `${series} ${pad}, '学生' || n, '学院' || (n % 40), n % 100, (n % 10000) / 100.0, ${day}, 1700000000000 + n ${from}`;
}

async function platform(dataDir: string): Promise<FastifyInstance> {
  const config = loadConfig({ NODE_ENV: 'test', DEMO: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  return buildApp({ config, startJobs: false });
}

const FIELDS = [
  ['student_no', '学号', 'string'],
  ['name', '姓名', 'string'],
  ['dept', '学院', 'string'],
  ['score', '成绩', 'integer'],
  ['amount', '金额', 'decimal'],
  ['day', '日期', 'string'],
  ['updated', '更新时间', 'integer'],
] as const;
const FROM = ['xh', 'xm', 'dept', 'score', 'amount', 'day', 'updated'];

async function timeSync(
  app: FastifyInstance,
  kind: 'sqlite' | 'postgres',
  config: Record<string, unknown>,
  sourceTable: string,
  secret?: string,
) {
  const sourceId = await createDataSource(app, app.db, { name: `bench-${kind}`, kind, config, secret }, null);
  const datasetId = await createDataset(
    app,
    app.db,
    { sourceId, name: `bench-${kind}`, kind: 'table', table: sourceTable },
    null,
  );
  const table = await createDataTable(
    app,
    app.db,
    {
      code: `bench_${kind}`,
      name: `bench ${kind}`,
      description: '',
      fields: FIELDS.map(([name, label, type], i) => ({
        name,
        label,
        type,
        required: i === 0,
        indexed: false,
        visibility: 'all' as const,
        description: '',
        sort: i,
      })),
      uniqueKey: ['student_no'],
      ownerDepartmentId: null,
      scopeField: null,
    },
    null,
  );
  const syncId = await createSync(
    app,
    app.db,
    {
      name: `bench-${kind}`,
      datasetId,
      tableId: table.id,
      mapping: FROM.map((from, i) => ({ from, to: FIELDS[i]![0] })),
      mode: 'full',
      key: ['student_no'],
      deleteMissing: false,
      ownerId: null,
    },
    null,
  );
  const { runId } = await queueRun(app, syncId, 'manual', null);
  const t0 = performance.now();
  const r = await executeSyncRun(app, runId, { attempt: 1, lastAttempt: true, log: app.log });
  return { seconds: (performance.now() - t0) / 1000, read: r.read };
}

function result(source: SyncBenchResult['source'], rows: number, sync: { seconds: number }, bareSeconds: number) {
  const syncRowsPerSecond = rows / sync.seconds;
  const bareRowsPerSecond = rows / bareSeconds;
  return {
    source,
    rows,
    syncSeconds: sync.seconds,
    syncRowsPerSecond,
    bareSeconds,
    bareRowsPerSecond,
    ratio: syncRowsPerSecond / bareRowsPerSecond,
  };
}

export async function benchSyncFromSqlite(rows: number): Promise<SyncBenchResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sync-'));
  try {
    fs.mkdirSync(path.join(dataDir, 'sources'));
    const file = path.join(dataDir, 'sources', 'bench.sqlite');
    const src = new Sqlite(file);
    src.exec(`CREATE TABLE bench_rows (${COLUMNS}); INSERT INTO bench_rows ${sourceRowsSql(rows, 'sqlite')}`);
    src.close();
    const app = await platform(dataDir);
    try {
      const sync = await timeSync(app, 'sqlite', { file: 'bench.sqlite' }, 'bench_rows');
      if (sync.read !== rows) throw new Error(`sync read ${sync.read} of ${rows} rows`);
      // The baseline: the same rows, one statement, into a plain table of the same platform database.
      const t0 = performance.now();
      await sql`ATTACH DATABASE ${file} AS benchsrc`.execute(app.db);
      await sql.raw(`CREATE TABLE bench_bare (${COLUMNS})`).execute(app.db);
      await sql.raw('INSERT INTO bench_bare SELECT * FROM benchsrc.bench_rows').execute(app.db);
      const bareSeconds = (performance.now() - t0) / 1000;
      await sql`DETACH DATABASE benchsrc`.execute(app.db);
      return result('sqlite', rows, sync, bareSeconds);
    } finally {
      await app.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Needs a PostgreSQL server (`url`): the source table lives in a schema of its own, dropped after. */
export async function benchSyncFromPostgres(rows: number, url: string): Promise<SyncBenchResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sync-'));
  const schema = `bench_sync_${process.pid}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.query(`CREATE TABLE ${schema}.bench_rows (${COLUMNS})`);
    await client.query(`INSERT INTO ${schema}.bench_rows ${sourceRowsSql(rows, 'postgres')}`);
    await client.query(`ANALYZE ${schema}.bench_rows`);
    const u = new URL(url);
    const app = await platform(dataDir);
    try {
      const sync = await timeSync(
        app,
        'postgres',
        {
          host: u.hostname,
          port: Number(u.port || 5432),
          database: u.pathname.slice(1),
          user: decodeURIComponent(u.username),
          schema,
        },
        `${schema}.bench_rows`,
        decodeURIComponent(u.password) || undefined,
      );
      if (sync.read !== rows) throw new Error(`sync read ${sync.read} of ${rows} rows`);
      const t0 = performance.now();
      await client.query(`CREATE TABLE ${schema}.bench_bare (${COLUMNS})`);
      await client.query(`INSERT INTO ${schema}.bench_bare SELECT * FROM ${schema}.bench_rows`);
      return result('postgres', rows, sync, (performance.now() - t0) / 1000);
    } finally {
      await app.close();
    }
  } finally {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
