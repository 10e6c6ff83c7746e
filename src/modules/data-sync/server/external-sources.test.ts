import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { Codes } from '@/shared/errors';
import type { TestApp } from '@/server/test/helper';
import { createDataSource } from '@/modules/data-sources/server/commands/create-source';
import { createDataset } from '@/modules/data-sources/server/commands/create-dataset';
import { createDataTable } from '@/modules/data-tables/server/commands/create-data-table';
import { listRows } from '@/modules/data-tables/server/commands/list-rows';
import { createSync } from './commands/create-sync';
import { runSyncNow } from './commands/run-sync-now';
import * as repo from './repository';
import { buildSyncTestApp, closeSyncTestApp } from './test-support';

/*
 * Syncs from the machine's external databases, made by the test: MariaDB (127.0.0.1:3306, root,
 * database `test`) and PostgreSQL (TEST_DATABASE_URL), each in a uniquely named table or schema.
 */
const ROWS = 1500;
const tag = () => randomBytes(4).toString('hex');

let app: TestApp;
let dataDir: string;
beforeEach(async () => ({ app, dataDir } = await buildSyncTestApp()));
afterEach(async () => closeSyncTestApp(app, dataDir));

/** A card-transactions table: integer id key, decimal amount, date, datetime (ms) and a flag. */
async function cardTable(code: string) {
  const f = (
    name: string,
    label: string,
    type: 'integer' | 'decimal' | 'date' | 'datetime' | 'boolean' | 'string',
  ) => ({
    name,
    label,
    type,
    required: name === 'txn_id',
    indexed: false,
    visibility: 'all' as const,
    description: '',
    sort: 0,
  });
  return createDataTable(
    app,
    app.db,
    {
      code,
      name: `消费流水-${code}`,
      description: '',
      fields: [
        f('txn_id', '流水号', 'integer'),
        f('card_no', '卡号', 'string'),
        f('amount', '金额', 'decimal'),
        f('txn_day', '日期', 'date'),
        f('txn_at', '时间', 'datetime'),
        f('refunded', '已退款', 'boolean'),
      ],
      uniqueKey: ['txn_id'],
      ownerDepartmentId: null,
      scopeField: null,
    },
    null,
  );
}

const MAPPING = [
  { from: 'id', to: 'txn_id' },
  { from: 'card_no', to: 'card_no' },
  { from: 'amount', to: 'amount' },
  { from: 'txn_day', to: 'txn_day' },
  { from: 'txn_at', to: 'txn_at' },
  { from: 'refunded', to: 'refunded' },
];

async function syncAndCheck(sourceId: number, table: string, code: string) {
  const datasetId = await createDataset(app, app.db, { sourceId, name: `流水-${code}`, kind: 'table', table }, null);
  const t = await cardTable(code);
  const syncId = await createSync(
    app,
    app.db,
    {
      name: `流水同步-${code}`,
      datasetId,
      tableId: t.id,
      mapping: MAPPING,
      mode: 'incremental',
      key: ['txn_id'],
      sinceField: 'id',
      deleteMissing: false,
      ownerId: null,
    },
    null,
  );
  const runId = await runSyncNow(app, syncId, 'manual');
  await app.jobs.drain();
  expect(await repo.findRun(app.db, runId)).toMatchObject({ status: 'succeeded', rowsRead: ROWS, rowsInserted: ROWS });
  const rows = await listRows(app, app.db, t.id, { page: 1, pageSize: 5, where: { txn_id: 7 } });
  expect(rows.total).toBe(1);
  expect(rows.list[0]).toMatchObject({ card_no: 'C0007', amount: 3.5, txn_day: '2026-03-08', refunded: true });
  expect(typeof rows.list[0]!.txn_at).toBe('number');
  return { syncId, tableId: t.id };
}

describe('sync from MariaDB', () => {
  it('copies a table of a MariaDB source, then only new rows, and fails clearly when the table is gone', async () => {
    const table = `sync_card_${tag()}`;
    const conn = await mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root', database: 'test' });
    try {
      await conn.query(
        `CREATE TABLE ${table} (id INT PRIMARY KEY, card_no VARCHAR(20), amount DECIMAL(10,2), txn_day DATE, txn_at DATETIME, refunded TINYINT(1))`,
      );
      const values = Array.from({ length: ROWS }, (_, i) => {
        const n = i + 1;
        return [
          n,
          `C${String(n).padStart(4, '0')}`,
          n / 2,
          `2026-03-0${(n % 9) + 1}`,
          '2026-03-01 08:00:00',
          n % 7 === 0 ? 1 : 0,
        ];
      });
      await conn.query(`INSERT INTO ${table} VALUES ?`, [values]);
      const sourceId = await createDataSource(
        app,
        app.db,
        {
          name: `MariaDB-${table}`,
          kind: 'mysql',
          config: { host: '127.0.0.1', port: 3306, database: 'test', user: 'root' },
        },
        null,
      );
      const { syncId, tableId } = await syncAndCheck(sourceId, table, `my_${table.slice(-8)}`);

      await conn.query(`INSERT INTO ${table} VALUES (?, 'C9999', 1.25, '2026-03-09', '2026-03-09 09:00:00', 0)`, [
        ROWS + 1,
      ]);
      const second = await runSyncNow(app, syncId, 'manual');
      await app.jobs.drain();
      expect(await repo.findRun(app.db, second)).toMatchObject({ status: 'succeeded', rowsRead: 1, rowsInserted: 1 });
      expect((await listRows(app, app.db, tableId, { page: 1, pageSize: 1 })).total).toBe(ROWS + 1);

      await conn.query(`DROP TABLE ${table}`);
      const third = await runSyncNow(app, syncId, 'manual');
      await app.jobs.drain();
      const r = await repo.findRun(app.db, third);
      // Retried by the runner (it waits): the try's error is already in the history, coded.
      expect(r).toMatchObject({ status: 'queued', errorCode: Codes.dataSourceBadSql });
    } finally {
      await conn.query(`DROP TABLE IF EXISTS ${table}`);
      await conn.end();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('sync from PostgreSQL', () => {
  it('copies a table of a PostgreSQL source', async () => {
    const schema = `sync_src_${tag()}`;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      await client.query(`CREATE SCHEMA ${schema}`);
      await client.query(
        `CREATE TABLE ${schema}.card (id integer PRIMARY KEY, card_no text, amount numeric(10,2), txn_day date, txn_at timestamp, refunded boolean)`,
      );
      await client.query(
        `INSERT INTO ${schema}.card SELECT n, 'C' || lpad(n::text, 4, '0'), n / 2.0, date '2026-03-01' + (n % 9), timestamp '2026-03-01 08:00', n % 7 = 0
         FROM generate_series(1, ${ROWS}) AS n`,
      );
      const sourceId = await createDataSource(
        app,
        app.db,
        {
          name: `PG-${schema}`,
          kind: 'postgres',
          config: {
            host: url.hostname,
            port: Number(url.port || 5432),
            database: url.pathname.slice(1),
            user: decodeURIComponent(url.username),
            schema,
          },
          ...(url.password ? { secret: decodeURIComponent(url.password) } : {}),
        },
        null,
      );
      await syncAndCheck(sourceId, `${schema}.card`, `pg_${schema.slice(-8)}`);
    } finally {
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    }
  });
});
