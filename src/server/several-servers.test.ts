import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { buildTestApp, createPgSchema, dropPgSchema, usePostgres, type TestApp } from './test/helper';
import { multipartBody, TINY_PNG } from './test/multipart';
import { Codes } from '@/shared/errors';
import { reachable, startTestS3, type TestS3 } from './uploads/test-s3';

/**
 * Issue 23: app servers share everything a request depends on — the database, the file store
 * (uploads and backups in one S3-compatible bucket) and the rate-limit counters. The two-server
 * cases need PostgreSQL (TEST_DATABASE_URL, the postgres project) and skip on SQLite; the S3
 * server (s3rver) is started here; the Redis case needs 127.0.0.1:6379 and skips without it.
 */

const AVATAR = '/user/api/v1.user/uploadAvatar/';
const BACKUP = '/user/api/v1.backup';
const LIMIT = 20;

const uploadAvatar = (app: TestApp, content: Buffer) =>
  app.injectAs('student', {
    method: 'POST',
    url: AVATAR,
    ...multipartBody({ filename: 'me.png', content, type: 'image/png' }),
  });

/** Wrong sign-ins from one address, alternating between the servers: the status of each. */
async function wrongSignIns(apps: TestApp[], n: number, ip: string): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await apps[i % apps.length]!.inject({
      method: 'POST',
      url: '/user/login/',
      remoteAddress: ip,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ is_admin: '0', username: 'nobody', password: 'wrong', code: 'TEST' }).toString(),
    } as InjectOptions);
    codes.push(res.statusCode);
  }
  return codes;
}

const tmpDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'several-'));

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3.close();
});

describe.skipIf(!usePostgres())('two app servers on one PostgreSQL and one S3-compatible store', () => {
  let schema: string;
  let a: TestApp;
  let b: TestApp;
  const dirs: string[] = [];

  beforeAll(async () => {
    schema = await createPgSchema();
    const env = { ...s3.env(), BACKUP_KEY: randomBytes(32).toString('hex'), LOGIN_RATE_LIMIT: String(LIMIT) };
    dirs.push(tmpDir(), tmpDir());
    a = await buildTestApp({ pgSchema: schema, env: { ...env, DATA_DIR: dirs[0]! } });
    b = await buildTestApp({ pgSchema: schema, seed: 'none', env: { ...env, DATA_DIR: dirs[1]! } });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    if (schema) await dropPgSchema(schema);
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('a file uploaded through one server is read through the other, still only by a signed-in caller', async () => {
    const res = await uploadAvatar(a, TINY_PNG);
    expect(res.json().errorCode).toBe(Codes.ok);
    const url = res.json().data.url as string;
    const read = await b.injectAs('student', { method: 'GET', url });
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(TINY_PNG)).toBe(true);
    expect((await b.inject({ method: 'GET', url })).statusCode).toBe(401);
    // Nothing in either server's DATA_DIR: the file is in the bucket.
    for (const d of dirs) expect(fs.existsSync(path.join(d, 'uploads'))).toBe(false);
  });

  it('a backup made on one server is listed and restored on the other; the restore is seen by both', async () => {
    const before = (await uploadAvatar(a, TINY_PNG)).json().data.url as string;
    const made = await a.injectAs('admin', { method: 'POST', url: `${BACKUP}/create/`, payload: { note: 'A' } });
    expect(made.json().errorCode).toBe(Codes.ok);
    const fileName = made.json().data.fileName as string;
    // Made after the backup: gone after the restore (row and object).
    const after = (await uploadAvatar(b, Buffer.concat([TINY_PNG, Buffer.from('x')]))).json().data.url as string;

    const listed = await b.injectAs('admin', { method: 'GET', url: `${BACKUP}/list/` });
    const item = (listed.json().data.list as { id: number; fileName: string }[]).find((x) => x.fileName === fileName);
    expect(item).toBeTruthy();
    const download = await b.injectAs('admin', {
      method: 'GET',
      url: `${BACKUP}/download/`,
      query: { id: String(item!.id) },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 8).toString()).toBe('CPBACKUP');

    const restored = await b.injectAs('admin', {
      method: 'POST',
      url: `${BACKUP}/restore/`,
      payload: { id: item!.id, confirm: fileName },
    });
    expect(restored.json()).toMatchObject({ errorCode: Codes.ok });
    const readA = await a.injectAs('student', { method: 'GET', url: before });
    expect(readA.statusCode).toBe(200);
    expect(readA.rawPayload.equals(TINY_PNG)).toBe(true);
    expect((await a.injectAs('student', { method: 'GET', url: after })).statusCode).toBe(404);
    const objects: string[] = [];
    for await (const o of a.files.list('uploads/')) objects.push(o.key);
    expect(objects.some((k) => after.endsWith(path.basename(k, '.png')))).toBe(false);
  });

  it(`${LIMIT + 5} wrong sign-ins spread over both servers hit the per-IP limit at ${LIMIT}`, async () => {
    const codes = await wrongSignIns([a, b], LIMIT + 5, '10.23.0.1');
    expect(codes.slice(0, LIMIT).filter((c) => c === 429)).toEqual([]);
    expect(codes.slice(LIMIT)).toEqual([429, 429, 429, 429, 429]);
    // Another address still gets in.
    expect((await wrongSignIns([b], 1, '10.23.0.2'))[0]).not.toBe(429);
  });
});

describe('one server with the S3 store (any database)', () => {
  let app: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = tmpDir();
    app = await buildTestApp({ env: { ...s3.env(), DATA_DIR: dir } });
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('stores, serves, backs up and restores files in the bucket, keeping only temporary files locally', async () => {
    const res = await uploadAvatar(app, TINY_PNG);
    expect(res.json().errorCode).toBe(Codes.ok);
    const url = res.json().data.url as string;
    expect((await app.injectAs('student', { method: 'GET', url })).rawPayload.equals(TINY_PNG)).toBe(true);
    // The sniffing and type rules are the same: a text file named .png is refused and nothing kept.
    const bad = await uploadAvatar(app, Buffer.from('not an image'));
    expect(bad.json().errorCode).not.toBe(Codes.ok);
    const made = (await app.injectAs('admin', { method: 'POST', url: `${BACKUP}/create/`, payload: {} })).json().data;
    expect((await app.files.stat(`backups/${made.fileName}`))?.size).toBe(made.size);
    const restored = await app.injectAs('admin', {
      method: 'POST',
      url: `${BACKUP}/restore/`,
      payload: { id: made.id, confirm: made.fileName },
    });
    expect(restored.json()).toMatchObject({ errorCode: Codes.ok });
    expect((await app.injectAs('student', { method: 'GET', url })).rawPayload.equals(TINY_PNG)).toBe(true);
    expect(fs.existsSync(path.join(dir, 'uploads'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'backups'))).toBe(false);
    expect(fs.readdirSync(path.join(dir, 'tmp'))).toEqual([]);
  });
});

describe('rate limits counted in the database (RATE_LIMIT_STORE=database, the default on PostgreSQL)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ seed: 'none', env: { RATE_LIMIT_STORE: 'database', LOGIN_RATE_LIMIT: '3' } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('counts each address in rate_limit_counter and refuses past the limit until the window ends', async () => {
    const codes = await wrongSignIns([app], 5, '10.23.2.1');
    expect(codes.slice(0, 3)).not.toContain(429);
    expect(codes.slice(3)).toEqual([429, 429]);
    const rows = await app.db.selectFrom('rateLimitCounter').selectAll().execute();
    const row = rows.find((r) => r.key.endsWith('-10.23.2.1'))!;
    expect(Number(row.count)).toBe(5);
    // The window ends: the next request starts a new one.
    await app.db
      .updateTable('rateLimitCounter')
      .set({ expiresAt: Date.now() - 1 })
      .where('key', '=', row.key)
      .execute();
    expect(await wrongSignIns([app], 1, '10.23.2.1')).not.toContain(429);
  });
});

const REDIS = await reachable('127.0.0.1', 6379);

describe.skipIf(!REDIS)('rate limits counted in Redis (REDIS_URL)', () => {
  const apps: TestApp[] = [];
  beforeAll(async () => {
    const env = {
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_PREFIX: `cp-test-${randomBytes(4).toString('hex')}:`,
      LOGIN_RATE_LIMIT: String(LIMIT),
    };
    // Two servers with their own databases: only Redis joins their counts.
    apps.push(await buildTestApp({ seed: 'none', env }), await buildTestApp({ seed: 'none', env }));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it(`${LIMIT + 5} wrong sign-ins over two servers hit the per-IP limit at ${LIMIT}`, async () => {
    const codes = await wrongSignIns(apps, LIMIT + 5, '10.23.1.1');
    expect(codes.slice(0, LIMIT).filter((c) => c === 429)).toEqual([]);
    expect(codes.slice(LIMIT)).toEqual([429, 429, 429, 429, 429]);
  });
});
