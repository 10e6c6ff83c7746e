import fp from 'fastify-plugin';
import './tables';
import { JobRunner } from './jobs';
import { PgBossEngine } from './pg-boss-engine';
import { pruneHistoryJob } from './prune-job';
import { SqliteEngine } from './sqlite-engine';
import type { JobEngine } from './engine';
import type { JobDefinition, Jobs } from './types';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

export interface JobsPluginOptions {
  /** PostgreSQL schema of pg-boss's tables (default 'pgboss'; each test app gets its own). */
  pgBossSchema?: string;
  /** Start the runner when the app is ready (default true; tests pass false and start or drain it themselves). */
  start?: boolean;
}

/**
 * `app.jobs`, decorated before the modules register so their plugins define jobs. Started when
 * the app is ready (unless told not to: a test starts it, or drains it by hand) and stopped
 * before the app closes its database.
 */
export const jobsPlugin = fp<JobsPluginOptions>(
  async (app, opts) => {
    // The pg-boss engine makes a queue of every definition when it opens, so it asks the runner for them.
    const defs = (): JobDefinition[] => runner.definitions();
    const engine: JobEngine =
      app.dialect === 'postgres'
        ? new PgBossEngine(app, {
            connectionString: app.config.databaseUrl!,
            schema: opts.pgBossSchema ?? 'pgboss',
            defs,
          })
        : new SqliteEngine(app);
    const runner = new JobRunner(app, engine);
    app.decorate('jobs', runner as Jobs);
    runner.define(pruneHistoryJob);
    app.addHook('onReady', async () => {
      runner.seal();
      if (opts.start ?? true) await runner.start();
    });
    app.addHook('preClose', async () => runner.stop());
  },
  { name: 'jobs' },
);
