import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import pg from 'pg';
import { buildTestApp, createPgSchema, dropPgSchema, usePostgres, type TestApp } from '../test/helper';
import { Codes, DEFAULT_MESSAGES } from '@/shared/errors';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * What a database restart or failover does to a running server: PostgreSQL ends every session
 * (57P01) while requests are running. Only on PostgreSQL: SQLite has no connection to lose.
 */
describe.skipIf(!usePostgres())('losing the PostgreSQL connections under load', () => {
  let schema: string;
  let app: TestApp;
  let token: string;
  let admin: pg.Client;

  beforeAll(async () => {
    schema = await createPgSchema();
    app = await buildTestApp({ pgSchema: schema });
    token = await app.tokenFor('student');
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await app?.close();
    await admin?.end();
    if (schema) await dropPgSchema(schema);
  });

  /** Ends this app's sessions only (dialect.ts names them after the schema): other test files share the database. */
  const terminateAppSessions = async (): Promise<number> => {
    const { rows } = await admin.query<{ n: number }>(
      'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where application_name = $1',
      [`campus-portal:${schema}`],
    );
    return rows[0]!.n;
  };

  // A read with the session lookup, a write (a captcha row) and a paged list.
  const calls = (): InjectOptions[] => [
    {
      method: 'POST',
      url: '/user/api/v1.user/check_user_is_login/',
      headers: { authorization: token },
      payload: {},
    },
    { method: 'GET', url: '/user/login/get_code/?r=1' },
    { method: 'GET', url: '/portal/api/v1.notice/list/?page=1&pageSize=20' },
  ];

  const checkLogin = () =>
    app.inject({ method: 'POST', url: '/user/api/v1.user/check_user_is_login/', headers: { authorization: token } });

  it('answers 503 with the database code while the sessions die, stays up, and then answers normally', async () => {
    expect((await checkLogin()).statusCode).toBe(200);

    const answers: { status: number; body: string }[] = [];
    let running = true;
    const worker = async (n: number) => {
      for (let i = n; running; i++) {
        const res = await app.inject(calls()[i % 3]!);
        answers.push({ status: res.statusCode, body: res.body });
      }
    };
    const workers = Array.from({ length: 8 }, (_, n) => worker(n));
    let terminated = 0;
    for (let round = 0; round < 5; round++) {
      await sleep(250);
      terminated += await terminateAppSessions();
    }
    await sleep(250);
    running = false;
    await Promise.all(workers);

    expect(terminated).toBeGreaterThan(0);
    const failures = answers.filter((a) => a.status !== 200);
    expect(failures.length).toBeGreaterThan(0);
    for (const f of failures) {
      expect(f.status).toBe(503);
      expect(JSON.parse(f.body)).toEqual({
        errorCode: Codes.databaseUnavailable,
        message: DEFAULT_MESSAGES[Codes.databaseUnavailable],
        data: null,
      });
    }
    expect(answers.length - failures.length).toBeGreaterThan(0);

    // The pool opens fresh connections by itself: no restart, no request to an operator.
    const deadline = Date.now() + 10_000;
    while ((await checkLogin()).statusCode !== 200 && Date.now() < deadline) await sleep(100);
    for (let i = 0; i < 20; i++) {
      const res = await app.inject(calls()[i % 3]!);
      expect(res.statusCode).toBe(200);
    }
    expect((await checkLogin()).json()).toMatchObject({ errorCode: Codes.ok });
  });

  it('answers 503 when every pooled session is cut while idle, then reconnects', async () => {
    // Fill the pool with idle connections, then cut them all between two requests.
    await Promise.all(Array.from({ length: 4 }, () => checkLogin()));
    expect(await terminateAppSessions()).toBeGreaterThan(0);
    await sleep(100);
    const after = await checkLogin();
    expect([200, 503]).toContain(after.statusCode);
    expect((await checkLogin()).statusCode).toBe(200);
  });
});
