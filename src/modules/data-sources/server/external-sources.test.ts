import net from 'node:net';
import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import type { DataSourceItem, DatasetItem, DatasetPreview } from '../contract';
import { readDataset } from './commands/datasets';
import { openMysql } from './connectors/mysql';
import { openPostgres } from './connectors/postgres';
import type { SourceSpec } from './connectors/types';

/*
 * The machine's MariaDB (127.0.0.1:3306, root, database `test`) and PostgreSQL (the `test`
 * database, or TEST_DATABASE_URL's) as external sources, each with tables this file makes under
 * unique names and drops at the end. The platform's own database is SQLite or PostgreSQL as the
 * test pass chooses.
 */

const tag = randomBytes(4).toString('hex');
const MY = { host: '127.0.0.1', port: 3306, user: 'root', database: 'test' };
const myTable = `ds_student_${tag}`;
const myUser = `ds_reader_${tag}`;
const myPassword = `Pw-${tag}`;

const pgUrl = new URL(process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');
const PG = {
  host: pgUrl.hostname,
  port: Number(pgUrl.port || 5432),
  user: decodeURIComponent(pgUrl.username || 'postgres'),
  password: decodeURIComponent(pgUrl.password),
  database: pgUrl.pathname.slice(1) || 'test',
};
const pgSchema = `ds_src_${tag}`;

let app: TestApp;
let silent: net.Server;
let silentPort: number;

const post = (url: string, payload: object) =>
  app.injectAs('admin', { method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });

async function readAll(id: number, opts: Parameters<typeof readDataset>[2]) {
  const rows: Record<string, unknown>[] = [];
  for await (const b of readDataset(app, id, opts)) rows.push(...b);
  return rows;
}

beforeAll(async () => {
  const my = await mysql.createConnection(MY);
  await my.query(`CREATE TABLE ${myTable} (
    id INT PRIMARY KEY, xh VARCHAR(20) NOT NULL, name VARCHAR(50) NOT NULL, birthday DATE, enrolled_at DATETIME(3),
    score DECIMAL(6,2), active TINYINT(1), note TEXT)`);
  const values = Array.from({ length: 25 }, (_, i) => {
    const n = i + 1;
    return [
      n,
      `2026${String(n).padStart(4, '0')}`,
      `学生${n}`,
      `2006-03-${String((n % 28) + 1).padStart(2, '0')}`,
      `2026-09-01 08:${String(n).padStart(2, '0')}:00.250`,
      80 + n / 4,
      n % 2,
      '备注',
    ];
  });
  await my.query(`INSERT INTO ${myTable} VALUES ?`, [values]);
  await my.query(`CREATE USER '${myUser}'@'%' IDENTIFIED BY '${myPassword}'`);
  await my.query(`CREATE USER '${myUser}'@'localhost' IDENTIFIED BY '${myPassword}'`);
  await my.query(`GRANT SELECT ON test.${myTable} TO '${myUser}'@'%'`);
  await my.query(`GRANT SELECT ON test.${myTable} TO '${myUser}'@'localhost'`);
  await my.end();

  const c = new pg.Client(PG);
  await c.connect();
  await c.query(`CREATE SCHEMA ${pgSchema}`);
  await c.query(`CREATE TABLE ${pgSchema}.staff (
    id bigint PRIMARY KEY, gh varchar(20) NOT NULL, name text NOT NULL, hired date, updated_at timestamptz,
    salary numeric(10,2), on_duty boolean)`);
  await c.query(`INSERT INTO ${pgSchema}.staff
    SELECT g, 'T' || lpad(g::text, 5, '0'), '教师' || g, date '2010-01-01' + g, timestamptz '2026-09-01 00:00:00+08' + g * interval '1 hour',
           5000 + g * 10.5, g % 3 = 0
      FROM generate_series(1, 40) g`);
  await c.end();

  // A server that accepts connections and never answers: a source that hangs.
  silent = net.createServer(() => undefined);
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
  silentPort = (silent.address() as net.AddressInfo).port;

  app = await buildTestApp();
});

afterAll(async () => {
  await app?.close();
  silent?.close();
  const my = await mysql.createConnection(MY);
  await my.query(`DROP TABLE IF EXISTS ${myTable}`);
  await my.query(`DROP USER IF EXISTS '${myUser}'@'%'`);
  await my.query(`DROP USER IF EXISTS '${myUser}'@'localhost'`);
  await my.end();
  const c = new pg.Client(PG);
  await c.connect();
  await c.query(`DROP SCHEMA IF EXISTS ${pgSchema} CASCADE`);
  await c.end();
});

describe('a MariaDB source', () => {
  let sourceId: number;
  let datasetId: number;
  const config = { host: MY.host, port: MY.port, database: MY.database, user: myUser };

  it('connects with its own read-only account, lists tables and answers the version', async () => {
    const res = await post('/data/api/v1.dataSource/create/', {
      name: `MariaDB ${tag}`,
      kind: 'mysql',
      config,
      secret: myPassword,
    });
    expect(res.json().errorCode).toBe(Codes.ok);
    sourceId = (res.json().data as DataSourceItem).id;
    const t = await post('/data/api/v1.dataSource/test/', { id: sourceId });
    expect(t.json()).toMatchObject({ errorCode: Codes.ok, data: { ok: true } });
    expect(t.json().data.message).toMatch(/MariaDB|MySQL/);
    const tables = await app.injectAs('admin', {
      method: 'GET',
      url: `/data/api/v1.dataSource/tables/?id=${sourceId}`,
    });
    expect(tables.json().data).toContain(myTable);
  });

  it('says a wrong password, an unknown database, a closed port and a silent server apart', async () => {
    const wrong = await post('/data/api/v1.dataSource/test/', { kind: 'mysql', config, secret: 'not-the-password' });
    expect(wrong.json().errorCode).toBe(Codes.dataSourceAuthFailed);
    expect(wrong.json().message).toContain(myUser);
    expect(wrong.body).not.toContain('not-the-password');

    const missing = await post('/data/api/v1.dataSource/test/', {
      kind: 'mysql',
      config: { ...MY, database: `no_such_db_${tag}` },
    });
    expect(missing.json().errorCode).toBe(Codes.dataSourceDatabaseMissing);

    const closed = await post('/data/api/v1.dataSource/test/', { kind: 'mysql', config: { ...config, port: 1 } });
    expect(closed.json().errorCode).toBe(Codes.dataSourceUnreachable);
    expect(closed.json().message).toContain('127.0.0.1:1');

    const hung = openMysql(
      { kind: 'mysql', config: { ...config, port: silentPort }, secret: myPassword },
      { connectMs: 300, statementMs: 1000 },
    );
    await expect(hung).rejects.toMatchObject({ code: Codes.dataSourceTimeout });
  });

  it('detects MariaDB column types and previews normalised values', async () => {
    const fields = (await post('/data/api/v1.dataset/detect/', { sourceId, kind: 'table', table: myTable })).json()
      .data as DatasetItem['fields'];
    expect(Object.fromEntries(fields.map((f) => [f.name, f.type]))).toEqual({
      id: 'integer',
      xh: 'string',
      name: 'string',
      birthday: 'date',
      enrolled_at: 'datetime',
      score: 'decimal',
      active: 'boolean',
      note: 'text',
    });
    const res = await post('/data/api/v1.dataset/create/', {
      sourceId,
      name: `MariaDB 学生 ${tag}`,
      kind: 'table',
      table: myTable,
      fields,
    });
    datasetId = (res.json().data as DatasetItem).id;
    const p = (await post('/data/api/v1.dataset/preview/', { id: datasetId })).json().data as DatasetPreview;
    expect(p.rows[0]).toEqual({
      id: 1,
      xh: '20260001',
      name: '学生1',
      birthday: '2006-03-02',
      enrolled_at: new Date(2026, 8, 1, 8, 1, 0, 250).getTime(),
      score: 80.25,
      active: true,
      note: '备注',
    });
  });

  it('streams the dataset ordered, resumes after a key and reads only newer rows', async () => {
    const all = await readAll(datasetId, { batchSize: 7, orderBy: 'id' });
    expect(all.map((r) => r.id)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect((await readAll(datasetId, { batchSize: 7, orderBy: 'id', after: 22 })).map((r) => r.id)).toEqual([
      23, 24, 25,
    ]);
    const since = all[19]!.enrolled_at;
    const newer = await readAll(datasetId, {
      batchSize: 7,
      orderBy: 'id',
      since: { field: 'enrolled_at', value: since },
    });
    expect(newer.map((r) => r.id)).toEqual([21, 22, 23, 24, 25]);
  });

  it('refuses a write statement (checked first), and the read-only transaction refuses one that slips through', async () => {
    const res = await post('/data/api/v1.dataset/create/', {
      sourceId,
      name: `写 ${tag}`,
      kind: 'query',
      sql: `UPDATE ${myTable} SET name = 'x'`,
    });
    expect(res.json().errorCode).toBe(Codes.dataSourceWriteRefused);
    const rootSource: SourceSpec = { kind: 'mysql', config: { ...MY }, secret: null };
    const conn = await openMysql(rootSource, { connectMs: 2000, statementMs: 5000 });
    try {
      await expect(conn.query(`UPDATE ${myTable} SET name = 'x'`, [])).rejects.toMatchObject({
        code: Codes.dataSourceWriteRefused,
      });
    } finally {
      await conn.close();
    }
    const check = await mysql.createConnection(MY);
    const [rows] = await check.query<mysql.RowDataPacket[]>(`SELECT COUNT(*) AS n FROM ${myTable} WHERE name = 'x'`);
    await check.end();
    expect(Number(rows[0]!.n)).toBe(0);
  });

  it('stops a statement past its time limit', async () => {
    const conn = await openMysql(
      { kind: 'mysql', config: { ...MY }, secret: null },
      { connectMs: 2000, statementMs: 1000 },
    );
    try {
      // MariaDB answers a SLEEP cut short as 1, not an error: a heavy join is what shows the limit.
      await expect(
        conn.query(
          'SELECT COUNT(*) AS n FROM information_schema.COLUMNS a, information_schema.COLUMNS b, information_schema.COLUMNS c',
          [],
        ),
      ).rejects.toMatchObject({ code: Codes.dataSourceTimeout });
    } finally {
      await conn.close();
    }
  }, 20_000);
});

describe('a PostgreSQL source', () => {
  let sourceId: number;
  let datasetId: number;
  const config = { host: PG.host, port: PG.port, database: PG.database, user: PG.user, schema: pgSchema };

  it("connects, lists the schema's tables and detects types", async () => {
    const res = await post('/data/api/v1.dataSource/create/', {
      name: `PostgreSQL ${tag}`,
      kind: 'postgres',
      config,
      ...(PG.password ? { secret: PG.password } : {}),
    });
    sourceId = (res.json().data as DataSourceItem).id;
    const t = await post('/data/api/v1.dataSource/test/', { id: sourceId });
    expect(t.json().data.message).toMatch(/PostgreSQL/);
    const tables = await app.injectAs('admin', {
      method: 'GET',
      url: `/data/api/v1.dataSource/tables/?id=${sourceId}`,
    });
    expect(tables.json().data).toEqual([`${pgSchema}.staff`]);

    const fields = (
      await post('/data/api/v1.dataset/detect/', { sourceId, kind: 'table', table: `${pgSchema}.staff` })
    ).json().data as DatasetItem['fields'];
    expect(Object.fromEntries(fields.map((f) => [f.name, f.type]))).toEqual({
      id: 'integer',
      gh: 'string',
      name: 'string',
      hired: 'date',
      updated_at: 'datetime',
      salary: 'decimal',
      on_duty: 'boolean',
    });
    const created = await post('/data/api/v1.dataset/create/', {
      sourceId,
      name: `PG 教职工 ${tag}`,
      kind: 'query',
      sql: `SELECT id, gh, name, hired, updated_at, salary, on_duty FROM ${pgSchema}.staff WHERE id <= 30`,
    });
    datasetId = (created.json().data as DatasetItem).id;
  });

  it('reads through a cursor in batches, resumable and incremental', async () => {
    const all = await readAll(datasetId, { batchSize: 4, orderBy: 'id' });
    expect(all).toHaveLength(30);
    expect(all[0]).toEqual({
      id: 1,
      gh: 'T00001',
      name: '教师1',
      hired: '2010-01-02',
      updated_at: Date.parse('2026-09-01T01:00:00+08:00'),
      salary: 5010.5,
      on_duty: false,
    });
    expect((await readAll(datasetId, { batchSize: 4, orderBy: 'gh', after: 'T00027' })).map((r) => r.id)).toEqual([
      28, 29, 30,
    ]);
    const newer = await readAll(datasetId, {
      batchSize: 4,
      orderBy: 'id',
      since: { field: 'updated_at', value: all[24]!.updated_at },
    });
    expect(newer.map((r) => r.id)).toEqual([26, 27, 28, 29, 30]);
  });

  it('answers an unknown role, a missing database, duplicate columns and a timeout with their codes', async () => {
    const role = await post('/data/api/v1.dataSource/test/', {
      kind: 'postgres',
      config: { ...config, user: `nobody_${tag}` },
    });
    expect(role.json().errorCode).toBe(Codes.dataSourceAuthFailed);
    const db = await post('/data/api/v1.dataSource/test/', {
      kind: 'postgres',
      config: { ...config, database: `none_${tag}` },
    });
    expect(db.json().errorCode).toBe(Codes.dataSourceDatabaseMissing);
    const dup = await post('/data/api/v1.dataset/detect/', {
      sourceId,
      kind: 'query',
      sql: `SELECT id, id FROM ${pgSchema}.staff`,
    });
    expect(dup.json().errorCode).toBe(Codes.dataSourceBadSql);

    const source: SourceSpec = { kind: 'postgres', config, secret: PG.password || null };
    const conn = await openPostgres(source, { connectMs: 2000, statementMs: 300 });
    try {
      await expect(conn.query('SELECT pg_sleep(2)', [])).rejects.toMatchObject({ code: Codes.dataSourceTimeout });
    } finally {
      await conn.close();
    }
    const w = await openPostgres(source, { connectMs: 2000, statementMs: 3000 });
    try {
      await expect(w.query(`CREATE TABLE ${pgSchema}.evil (i int)`, [])).rejects.toMatchObject({
        code: Codes.dataSourceWriteRefused,
      });
    } finally {
      await w.close();
    }
    await expect(
      openPostgres(
        { kind: 'postgres', config: { ...config, port: silentPort }, secret: null },
        { connectMs: 300, statementMs: 1000 },
      ),
    ).rejects.toMatchObject({
      code: Codes.dataSourceTimeout,
    });
  });
});
