import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { createPgTemplate, dropPgRun, type PgTemplates } from './db-templates';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's PostgreSQL template databases (db-templates.ts); absent on SQLite. */
    pgTemplates?: PgTemplates;
  }
}

/**
 * Global setup of the PostgreSQL projects: the two template databases every test app of the project
 * clones (migrated; migrated and seeded), made once, dropped with every clone at the end. The run
 * prefix keeps parallel runs on one server apart.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return;
  const run = `cpt_${randomBytes(4).toString('hex')}`;
  const templates: PgTemplates = { run, small: `${run}_tpl_small`, none: `${run}_tpl_none` };
  try {
    await createPgTemplate(serverUrl, templates.none, 'none');
    await createPgTemplate(serverUrl, templates.small, 'small');
  } catch (err) {
    await dropPgRun(serverUrl, run);
    throw err;
  }
  project.provide('pgTemplates', templates);
  return () => dropPgRun(serverUrl, run);
}
