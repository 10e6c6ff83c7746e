import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateToLatest } from '../db/migrate';
import { openDb, sqliteConnectionOf, type Db } from '../db/dialect';
import { moduleCatalog } from '../module-catalog';

/**
 * Test apps start from a copy of a database that is already migrated (and seeded), instead of
 * running every migration and the demo seed again for each app: the copy is the same state a
 * server restarted on that database meets. SQLite copies a per-worker image (serialize()),
 * PostgreSQL clones a template database made once per run by pg-templates.global.ts
 * (CREATE DATABASE … TEMPLATE). Apps with their own module roots or a given schema build from scratch.
 */
export type TemplateSeed = 'small' | 'none';

/** The state a template holds: every migration, and the small demo seed unless 'none'. */
export async function prepareDb(db: Db, seed: TemplateSeed): Promise<void> {
  await migrateToLatest(db);
  if (seed === 'small') {
    const { seedDemo } = await import('../db/seed');
    await seedDemo(db, { size: 'small', catalog: await moduleCatalog() });
  }
}

const images = new Map<TemplateSeed, Promise<Buffer>>();

/** This worker's prepared SQLite image, made on first use. */
export function sqliteImage(seed: TemplateSeed): Promise<Buffer> {
  let image = images.get(seed);
  if (!image) {
    image = (async () => {
      const { db } = openDb({ databaseUrl: null, sqliteFile: ':memory:' });
      try {
        await prepareDb(db, seed);
        return sqliteConnectionOf(db)!.serialize();
      } finally {
        await db.destroy();
      }
    })();
    images.set(seed, image);
    image.catch(() => images.delete(seed));
  }
  return image;
}

/** The schema the PostgreSQL templates (and so their clones) keep their tables in. */
export const TEMPLATE_SCHEMA = 'app';

/** The names of this run's template databases, handed to the workers by the global setup. */
export interface PgTemplates {
  /** Prefix of every database this run makes (its teardown drops them all). */
  run: string;
  small: string;
  none: string;
}

/** `url` pointing at another database of the same server. */
export function databaseUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function onServer<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Makes a template database: created, migrated, seeded, and left with no connection (a template must have none). */
export async function createPgTemplate(serverUrl: string, name: string, seed: TemplateSeed): Promise<void> {
  await onServer(serverUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = databaseUrl(serverUrl, name);
  await onServer(url, (c) => c.query(`CREATE SCHEMA ${TEMPLATE_SCHEMA}`));
  const { db } = openDb({ databaseUrl: url, pgSchema: TEMPLATE_SCHEMA, poolSize: 2 });
  try {
    await prepareDb(db, seed);
  } finally {
    await db.destroy();
  }
}

/** A fresh database cloned from a template; returns its URL. */
export async function clonePgTemplate(serverUrl: string, templates: PgTemplates, seed: TemplateSeed): Promise<string> {
  const name = `${templates.run}_${randomBytes(5).toString('hex')}`;
  await onServer(serverUrl, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${templates[seed]}`));
  return databaseUrl(serverUrl, name);
}

/** Drops a clone, closing whatever connection is still open on it. */
export async function dropPgDatabase(serverUrl: string, url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  await onServer(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/** Drops every database of a run (the templates and any clone a crashed test left). */
export async function dropPgRun(serverUrl: string, run: string): Promise<void> {
  await onServer(serverUrl, async (c) => {
    const { rows } = await c.query<{ datname: string }>(
      `select datname from pg_database where datname like $1 order by datname`,
      [`${run}\\_%`],
    );
    for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  });
}
