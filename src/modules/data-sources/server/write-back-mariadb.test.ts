import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import { Codes } from '@/shared/errors';
import { INTERACTIVE_LIMITS } from './connectors';
import { writeBackValue, type WriteBackValue } from './connectors/write-back';
import type { SourceSpec } from './connectors/types';

/*
 * The 一表通 write-back connector against real databases: the machine's MariaDB (127.0.0.1:3306,
 * root, database `test`) and PostgreSQL (TEST_DATABASE_URL's server, or 127.0.0.1:5432/test) as
 * owning systems. Each gets a table under a unique name (PostgreSQL: its own schema), dropped at
 * the end. No test app: the connector is called directly, so the file stays fast. A database that
 * does not answer skips its part (the SQLite source is covered by the one-table tests).
 */

const tag = randomBytes(4).toString('hex');
const MY = { host: '127.0.0.1', port: 3306, user: 'root', database: 'test' };
const myTable = `wb_student_${tag}`;

const pgUrl = new URL(process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');
const PG = {
  host: pgUrl.hostname,
  port: Number(pgUrl.port || 5432),
  user: decodeURIComponent(pgUrl.username || 'postgres'),
  password: decodeURIComponent(pgUrl.password),
  database: pgUrl.pathname.slice(1) || 'test',
};
const pgSchema = `wb_src_${tag}`;

/** Whether a server answers at all (a short probe, so an absent database skips rather than hangs). */
async function answers(open: () => Promise<{ end(): Promise<unknown> }>): Promise<boolean> {
  try {
    await (await open()).end();
    return true;
  } catch {
    return false;
  }
}
const hasMy = await answers(() => mysql.createConnection({ ...MY, connectTimeout: 1500 }));
const hasPg = await answers(async () => {
  const c = new pg.Client({ ...PG, connectionTimeoutMillis: 1500 });
  await c.connect();
  return c;
});

/** A value with quotes, a backslash, a comment and a second statement: must arrive as text. */
const NASTY = `O'Brien "x" \\' ; DROP TABLE students; -- \`y\` 张三`;

/** The reason a write-back failed with (and that it is the write-back code, with no SQL in it). */
async function failure(p: Promise<unknown>): Promise<string> {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(AppError);
  expect((e as AppError).code).toBe(Codes.oneTableWriteBackFailed);
  expect((e as AppError).message).not.toMatch(/UPDATE|SET /);
  return (e as AppError).message;
}

const base = { keyColumn: 'xh', column: 'name' } as const;

describe.skipIf(!hasMy)('write-back to a MariaDB source', () => {
  let my: mysql.Connection;
  const source: SourceSpec = { kind: 'mysql', config: { ...MY }, secret: null };
  const write = (v: Partial<WriteBackValue>) =>
    writeBackValue(source, INTERACTIVE_LIMITS, '/nonexistent', { table: myTable, ...base, key: '', value: '', ...v });
  const names = async () =>
    ((await my.query(`SELECT xh, name, class FROM ${myTable} ORDER BY id`))[0] as Record<string, unknown>[]).map(
      (r) => `${r.xh}:${r.name}:${r.class}`,
    );

  beforeAll(async () => {
    my = await mysql.createConnection(MY);
    await my.query(`CREATE TABLE ${myTable} (
      id INT PRIMARY KEY, xh VARCHAR(20) NOT NULL, name VARCHAR(200) NOT NULL, class VARCHAR(20) NOT NULL)
      ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`);
    await my.query(`INSERT INTO ${myTable} VALUES (1, 'A1', '学生1', '一班'), (2, 'A2', '学生2', '一班'),
      (3, 'DUP', '学生3', '二班'), (4, 'DUP', '学生4', '二班')`);
  });
  afterAll(async () => {
    await my?.query(`DROP TABLE IF EXISTS ${myTable}`);
    await my?.end();
  });

  it('updates the one mapped column of the one matching row and nothing else', async () => {
    await write({ key: 'A1', value: '李四' });
    expect(await names()).toEqual(['A1:李四:一班', 'A2:学生2:一班', 'DUP:学生3:二班', 'DUP:学生4:二班']);
    // Writing the value the row already has still matches one row (found, not changed rows).
    await write({ key: 'A1', value: '李四' });
    // Another mapped column, keyed by the primary key as a number.
    await write({ keyColumn: 'id', key: 2, column: 'class', value: '三班' });
    expect(await names()).toEqual(['A1:李四:一班', 'A2:学生2:三班', 'DUP:学生3:二班', 'DUP:学生4:二班']);
  });

  it('writes quotes and injection text verbatim, as a parameter', async () => {
    await write({ key: 'A1', value: NASTY });
    const [rows] = await my.query(`SELECT name FROM ${myTable} WHERE xh = 'A1'`);
    expect((rows as { name: string }[])[0].name).toBe(NASTY);
    // The key is a parameter too: injection text in it matches no row instead of every row.
    expect(await failure(write({ key: `x' OR '1'='1`, value: '谁' }))).toContain('找不到该记录');
    expect((await names()).filter((n) => n.includes('谁'))).toEqual([]);
  });

  it('rolls back and says why when no row or several rows match', async () => {
    const before = await names();
    expect(await failure(write({ key: 'NOPE', value: '王五' }))).toContain('找不到该记录');
    expect(await failure(write({ key: 'DUP', value: '王五' }))).toContain('2 条记录匹配');
    expect(await names()).toEqual(before);
  });

  it('answers a missing column or an unreachable server with the write-back code, no SQL and no password', async () => {
    expect(await failure(write({ column: 'no_such', key: 'A2', value: 'x' }))).toContain('写回源系统失败');
    const secret = `Pw-${tag}`;
    const wrong: SourceSpec = { kind: 'mysql', config: { ...MY, user: `nobody_${tag}` }, secret };
    const m = await failure(
      writeBackValue(wrong, INTERACTIVE_LIMITS, '/nonexistent', { table: myTable, ...base, key: 'A2', value: 'x' }),
    );
    expect(m).not.toContain(secret);
  });
});

describe.skipIf(!hasPg)('write-back to a PostgreSQL source (its own schema)', () => {
  let c: pg.Client;
  const source: SourceSpec = {
    kind: 'postgres',
    config: { host: PG.host, port: PG.port, user: PG.user, database: PG.database, schema: pgSchema },
    secret: PG.password || null,
  };
  const write = (v: Partial<WriteBackValue>) =>
    writeBackValue(source, INTERACTIVE_LIMITS, '/nonexistent', { table: 'staff', ...base, key: '', value: '', ...v });
  const names = async () =>
    (await c.query(`SELECT xh, name FROM ${pgSchema}.staff ORDER BY id`)).rows.map((r) => `${r.xh}:${r.name}`);

  beforeAll(async () => {
    c = new pg.Client(PG);
    await c.connect();
    await c.query(`CREATE SCHEMA ${pgSchema}`);
    await c.query(
      `CREATE TABLE ${pgSchema}.staff (id bigint PRIMARY KEY, xh varchar(20) NOT NULL, name text NOT NULL)`,
    );
    await c.query(`INSERT INTO ${pgSchema}.staff VALUES (1, 'B1', '教师1'), (2, 'DUP', '教师2'), (3, 'DUP', '教师3')`);
  });
  afterAll(async () => {
    await c?.query(`DROP SCHEMA IF EXISTS ${pgSchema} CASCADE`);
    await c?.end();
  });

  it('updates one row in the configured schema, verbatim, and rolls back zero or several matches', async () => {
    await write({ key: 'B1', value: NASTY });
    expect(await names()).toEqual([`B1:${NASTY}`, 'DUP:教师2', 'DUP:教师3']);
    expect(await failure(write({ key: 'NOPE', value: '王五' }))).toContain('找不到该记录');
    expect(await failure(write({ key: 'DUP', value: '王五' }))).toContain('2 条记录匹配');
    expect(await names()).toEqual([`B1:${NASTY}`, 'DUP:教师2', 'DUP:教师3']);
  });
});
