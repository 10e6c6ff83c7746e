import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createSession } from '../identity/sessions';
import { firstStart } from '../db/seed/first-start';
import { READY, type TargetInfo } from './protocol';
import { seedBenchAccounts } from './accounts-seed';

/**
 * A server under benchmark, run as its own process so the load generator never shares its
 * event loop: `bare` is Fastify's hello-world (the baseline), `app` is the whole product on a
 * temp SQLite with the full demo seed, started the way `npm start` starts it. Prints
 * `BENCH_TARGET_READY {port, …}` on stdout when it listens; SIGTERM stops it and removes its data.
 */
const CAPTCHA = 'BENCH1';
// Issue 3: the account list must stay fast with 50 000 users on top of the demo university.
const BENCH_ACCOUNTS = 50_000;

async function bare(): Promise<TargetInfo> {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { port: (app.server.address() as { port: number }).port };
}

/** BENCH_DATABASE_URL: run the app on PostgreSQL instead, in a schema of its own dropped at the end (issue 15). */
const pgUrl = process.env.BENCH_DATABASE_URL || '';

async function onPg(sqlText: string) {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

async function product(): Promise<TargetInfo> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-portal-bench-'));
  const pgSchema = pgUrl ? `bench_${randomBytes(4).toString('hex')}` : null;
  if (pgSchema) await onPg(`CREATE SCHEMA ${pgSchema}`);
  // Request logs off, like the baseline: the figure is the cost of our code, not of stdout.
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    DEMO: '1',
    // No demo source systems: their first syncs would run in the background during the measurements.
    DEMO_SOURCES: 'off',
    CAPTCHA_FIXED_CODE: CAPTCHA,
    LOG_LEVEL: 'warn',
    DATABASE_URL: pgUrl,
    // The load generator stands in for the proxy: run.ts gives each sign-in its own X-Forwarded-For.
    TRUST_PROXY: '127.0.0.1',
  });
  // buildApp issues the demo licence; firstStart seeds the full demo university, as npm start does.
  const app = await buildApp({ config, serveClient: false, ...(pgSchema ? { db: { pgSchema } } : {}) });
  await firstStart(app, () => undefined);
  const accounts = await seedBenchAccounts(app.db, BENCH_ACCOUNTS);
  const stop = async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (pgSchema)
      await onPg(`DROP SCHEMA IF EXISTS ${pgSchema} CASCADE; DROP SCHEMA IF EXISTS ${pgSchema}_jobs CASCADE`);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  await app.listen({ port: 0, host: '127.0.0.1' });

  const user = (username: string) =>
    app.db.selectFrom('appUser').select(['id', 'isAdmin']).where('username', '=', username).executeTakeFirstOrThrow();
  const admin = await user('admin');
  const student = await user('student');
  const studentPlatform = await app.db
    .selectFrom('platformUser')
    .select('platformId')
    .where('userId', '=', student.id)
    .executeTakeFirst();
  const tokens = {
    admin: await createSession(app.db, config, { userId: admin.id, isAdmin: true, platformId: null }),
    student: await createSession(app.db, config, {
      userId: student.id,
      isAdmin: false,
      platformId: studentPlatform?.platformId ?? null,
    }),
  };
  return { port: (app.server.address() as { port: number }).port, tokens, captcha: CAPTCHA, accounts };
}

const kind = process.argv[2];
if (kind !== 'bare' && kind !== 'app') {
  console.error('usage: target.ts bare|app');
  process.exit(2);
}
(kind === 'bare' ? bare() : product()).then(
  (info) => console.log(`${READY} ${JSON.stringify(info)}`),
  (e) => {
    console.error(e instanceof Error ? e.stack : String(e));
    process.exit(1);
  },
);
