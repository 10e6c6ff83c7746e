import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { AjvCompiler } from '@fastify/ajv-compiler';
import { emojiKeyword } from './emoji-keyword';
import formbody from '@fastify/formbody';
import qs from 'qs';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config';
import { openDb, type Db, type DialectName, type OpenOptions } from './db/dialect';
import { migrateToLatest } from './db/migrate';
import { envelopePlugin, frameworkErrorHandler } from './plugins/envelope';
import { inputGuardPlugin } from './plugins/input-guard';
import { securityHeadersPlugin } from './plugins/security-headers';
import { accessPlugin } from './plugins/access';
import { licencePlugin, licenceRoutes } from './plugins/licence';
import { spaPlugin } from './plugins/spa';
import { uploadsPlugin } from './uploads/plugin';
import { rateLimitPlugin } from './rate-limit/plugin';
import { jobsPlugin } from './jobs/plugin';
import { orphanSweepJob } from './uploads/orphan-sweep';
import {
  checkAccessNames,
  loadServerPlugin,
  moduleCatalog,
  readModuleCatalog,
  type ServerCatalog,
} from './module-catalog';
import { GENERAL_BODY_LIMIT } from '@/shared/constants';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dialect: DialectName;
    config: Config;
    /** The modules found at start (module-catalog.ts): their routes feed menus, seeds and access checks. */
    modules: ServerCatalog;
  }
}

export interface BuildOptions {
  config: Config;
  /** Overrides for the database connection (tests use an in-memory SQLite or their own PostgreSQL schema). */
  db?: Partial<OpenOptions>;
  /** Serve the built client from config.staticDir (off in most tests). */
  serveClient?: boolean;
  /** Folders to find modules in (default src/modules); a test adds a fixture module's folder. */
  moduleRoots?: string[];
  /** Start the job runner when ready (default true; tests start or drain app.jobs themselves). */
  startJobs?: boolean;
}

/**
 * One validator compiler for every app of the process: Ajv keeps what it compiled per schema
 * object, so a second app (tests build hundreds per worker) reuses the route schemas' validators
 * instead of compiling them again, which was half the cost of building an app.
 */
const sharedValidatorCompiler = AjvCompiler();

/** Build the whole server: used by main.ts and by every test (through test/helper.ts). */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Never log secrets: the token header, cookies and bodies stay out of the request log.
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    bodyLimit: GENERAL_BODY_LIMIT,
    // X-Forwarded-* only from the proxies TRUST_PROXY names: anyone else could pick their own address.
    trustProxy: config.trustProxy,
    schemaController: { compilersFactory: { buildValidator: sharedValidatorCompiler } },
    ajv: {
      customOptions: { coerceTypes: 'array', removeAdditional: true, useDefaults: true, allErrors: false },
      // EmojiFreeText fields arrive without emoji, whichever client sent them (spec section 5).
      plugins: [emojiKeyword],
    },
    // A malformed URL (/%, a broken escape) is answered before any route: still the envelope.
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<TypeBoxTypeProvider>();

  const { db, dialect } = openDb({
    databaseUrl: config.databaseUrl,
    sqliteFile: `${config.dataDir}/campus-portal.sqlite`,
    pgTimeouts: config.pg,
    log: app.log,
    ...opts.db,
  });
  app.decorate('db', db);
  app.decorate('dialect', dialect);
  app.decorate('config', config);
  app.addHook('onClose', async () => db.destroy());

  await migrateToLatest(db, { moduleRoots: opts.moduleRoots });

  await app.register(envelopePlugin);
  await app.register(inputGuardPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(cookie);
  await app.register(formbody, { parser: (body: string) => qs.parse(body, { depth: 5, arrayLimit: 200 }) });
  // Limits are declared per route (login, captcha); nothing is limited globally. Counted for
  // the whole installation: Redis, the shared database, or memory on one SQLite server.
  await app.register(rateLimitPlugin);
  await app.register(licencePlugin);
  await app.register(accessPlugin);
  await app.register(licenceRoutes);

  await app.register(uploadsPlugin);
  // Before the modules: their plugins define jobs on app.jobs. pg-boss keeps its tables beside the app's schema.
  await app.register(jobsPlugin, {
    pgBossSchema: opts.db?.pgSchema ? `${opts.db.pgSchema}_jobs` : undefined,
    start: opts.startJobs ?? true,
  });
  app.jobs.define(orphanSweepJob);
  // Every module's server face, found on disk in catalogue order: adding a module edits no list.
  const modules = opts.moduleRoots ? await readModuleCatalog(opts.moduleRoots) : await moduleCatalog();
  app.decorate('modules', modules);
  for (const m of modules.found) {
    const plugin = await loadServerPlugin(m);
    if (plugin) await app.register(plugin);
  }
  checkAccessNames(app.declaredRoutes, modules);

  await app.register(spaPlugin, { root: opts.serveClient ? config.staticDir : '/nonexistent' });
  return app;
}
