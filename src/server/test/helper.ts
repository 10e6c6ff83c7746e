import { generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { createSession } from '../identity/sessions';
import { hashPassword } from '../identity/passwords';
import { putSetting } from '../identity/settings';
import { ALL_MODULES, makeLicence, signLicence, type Licence } from '../licence/licence';
import { LICENCE_SETTING } from '../licence/store';
import { clonePgTemplate, dropPgDatabase, sqliteImage, TEMPLATE_SCHEMA, type PgTemplates } from './db-templates';

/**
 * The one way tests start the server: the real app on an in-memory SQLite database, or on
 * its own PostgreSQL schema when the suite runs with TEST_DB=pg and TEST_DATABASE_URL set.
 */
export interface TestApp extends FastifyInstance {
  /** inject() with a fresh session of this user (no captcha, no password round). */
  injectAs(username: string, opts: InjectOptions, platformId?: number | null): Promise<LightMyRequestResponse>;
  /** A valid token for this user. */
  tokenFor(username: string, platformId?: number | null): Promise<string>;
}

export const usePostgres = () => process.env.TEST_DB === 'pg' && !!process.env.TEST_DATABASE_URL;

/** The licence issuer of the test run: one Ed25519 key pair per process, trusted through LICENCE_PUBLIC_KEY. */
let licenceKeys: { privateKey: KeyObject; publicKeyPem: string } | null = null;
export function testLicenceKeys(): { privateKey: KeyObject; publicKeyPem: string } {
  if (!licenceKeys) {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    licenceKeys = { privateKey, publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
  }
  return licenceKeys;
}

/** Tests sign in many times from one address: the per-IP limits are raised unless a test sets them. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DEMO: '0',
    CAPTCHA_FIXED_CODE: 'TEST',
    LOGIN_RATE_LIMIT: '100000',
    CAPTCHA_RATE_LIMIT: '100000',
    VISIT_RATE_LIMIT: '100000',
    DATA_DIR: '/tmp/campus-portal-test',
    LICENCE_PUBLIC_KEY: testLicenceKeys().publicKeyPem,
    ...env,
  });
}

/** A licence text signed by the test issuer (valid for a year unless overridden); forged: signed by a stranger's key. */
export function testLicenceText(overrides: Partial<Licence> = {}, opts: { forged?: boolean } = {}): string {
  const licence = makeLicence({
    holder: '测试大学',
    expiresAt: new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10),
    userCap: 100000,
    modules: [ALL_MODULES],
    ...overrides,
  });
  const key = opts.forged ? generateKeyPairSync('ed25519').privateKey : testLicenceKeys().privateKey;
  return signLicence(licence, key);
}

/** Store this text as the installed licence without checking it (null removes it), and drop the server's cache. */
export async function installLicenceText(app: FastifyInstance, text: string | null): Promise<void> {
  if (text === null) await app.db.deleteFrom('setting').where('key', '=', LICENCE_SETTING).execute();
  else await putSetting(app.db, LICENCE_SETTING, text);
  await app.licence({ fresh: true });
}

/** Install a test licence: valid unless told otherwise, e.g. (app, { expiresAt: '2020-01-01' }) or (app, {}, { forged: true }). */
export async function installTestLicence(
  app: FastifyInstance,
  overrides: Partial<Licence> = {},
  opts: { forged?: boolean } = {},
): Promise<string> {
  const text = testLicenceText(overrides, opts);
  await installLicenceText(app, text);
  return text;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Seed the demo accounts, organisation, platforms and menus ('small'), or nothing. */
  seed?: 'small' | 'none';
  /** Use this PostgreSQL schema instead of a new one (two servers on one database). */
  pgSchema?: string;
  serveClient?: boolean;
  /** Extra routes registered before the app is ready (tests of plugins that need a route of some access). */
  routes?: FastifyPluginAsync;
  /** 'valid' (default): install a valid test licence; 'none': leave whatever the start made. */
  licence?: 'valid' | 'none';
  /** Folders to find modules in (default src/modules): a test adds a fixture module's folder. */
  moduleRoots?: string[];
}

/** A fresh PostgreSQL schema for one test app; dropped by the caller. */
export async function createPgSchema(): Promise<string> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.end();
  return schema;
}

export async function dropPgSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  // pg-boss's tables of the apps on this schema (app.ts names it after the app's schema).
  await client.query(`DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`);
  await client.end();
}

/** The run's PostgreSQL templates (pg-templates.global.ts), or undefined outside a vitest run that made them. */
function providedPgTemplates(): PgTemplates | undefined {
  try {
    return inject('pgTemplates');
  } catch {
    return undefined;
  }
}

export async function buildTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const pgMode = usePostgres();
  const seed = opts.seed ?? 'small';
  // The usual app starts from a prepared copy (db-templates.ts); one with its own modules or schema from scratch.
  const prepared = !opts.moduleRoots && !opts.pgSchema;
  const templates = pgMode && prepared ? providedPgTemplates() : undefined;
  const cloneUrl = templates ? await clonePgTemplate(process.env.TEST_DATABASE_URL!, templates, seed) : null;
  const ownSchema = pgMode && !opts.pgSchema && !cloneUrl ? await createPgSchema() : null;
  const schema = opts.pgSchema ?? ownSchema ?? (cloneUrl ? TEMPLATE_SCHEMA : null);
  const config = testConfig({
    ...(pgMode ? { DATABASE_URL: cloneUrl ?? process.env.TEST_DATABASE_URL! } : {}),
    ...opts.env,
  });
  const image = !pgMode && prepared ? await sqliteImage(seed) : null;
  const app = (await buildApp({
    config,
    db: pgMode ? { pgSchema: schema!, poolSize: 4 } : image ? { sqliteImage: image } : { sqliteFile: ':memory:' },
    serveClient: opts.serveClient ?? false,
    moduleRoots: opts.moduleRoots,
    // Jobs wait for the test: it drains app.jobs by hand or starts the runner.
    startJobs: false,
  })) as TestApp;
  if (ownSchema) app.addHook('onClose', async () => dropPgSchema(ownSchema));
  if (cloneUrl) app.addHook('onClose', async () => dropPgDatabase(process.env.TEST_DATABASE_URL!, cloneUrl));

  if (seed === 'small' && !cloneUrl && !image) {
    const { seedDemo } = await import('../db/seed');
    await seedDemo(app.db, { size: 'small', catalog: app.modules });
  }

  if ((opts.licence ?? 'valid') === 'valid') await installTestLicence(app);
  if (opts.routes) await app.register(opts.routes);

  app.tokenFor = async (username, platformId = null) => {
    const user = await app.db
      .selectFrom('appUser')
      .select(['id', 'isAdmin'])
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    return createSession(app.db, app.config, { userId: user.id, isAdmin: user.isAdmin === 1, platformId });
  };
  app.injectAs = async (username, opts, platformId = null) => {
    const token = await app.tokenFor(username, platformId);
    return app.inject({ ...opts, headers: { ...(opts.headers ?? {}), authorization: token } });
  };
  await app.ready();
  return app;
}

/** Insert a user directly (tests that need an account the seed does not have). */
export async function createTestUser(
  app: FastifyInstance,
  u: { username: string; password: string; isAdmin?: boolean; kind?: string; status?: string },
): Promise<number> {
  const now = Date.now();
  const row = await app.db
    .insertInto('appUser')
    .values({
      username: u.username,
      passwordHash: await hashPassword(u.password),
      realName: u.username,
      userNo: u.username,
      kind: u.kind ?? (u.isAdmin ? 'admin' : 'student'),
      isAdmin: u.isAdmin ? 1 : 0,
      departmentId: null,
      phone: null,
      email: null,
      gender: null,
      avatar: null,
      status: u.status ?? 'active',
      mustChangePwd: 0,
      failedCount: 0,
      lockedUntil: null,
      lastLoginAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
