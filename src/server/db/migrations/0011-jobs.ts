import type { Kysely } from 'kysely';
import { withId } from './helpers';

/**
 * The job runner's tables (src/server/jobs). job_run is the history both engines write;
 * job_queue and job_schedule hold the SQLite engine's pending work and cron schedules
 * (on PostgreSQL pg-boss keeps those in its own schema, and these two stay empty).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('job_run'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('rows_read', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_written', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('job_run_started_idx').on('job_run').columns(['started_at', 'id']).execute();
  await db.schema.createIndex('job_run_name_started_idx').on('job_run').columns(['name', 'started_at']).execute();
  await db.schema.createIndex('job_run_status_started_idx').on('job_run').columns(['status', 'started_at']).execute();

  await withId(db, db.schema.createTable('job_queue'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('run_at', 'bigint', (c) => c.notNull())
    // Set while a worker holds the row; a row held past it was left by a crash and is run again.
    .addColumn('locked_until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('job_queue_run_at_idx').on('job_queue').columns(['run_at', 'id']).execute();

  await db.schema
    .createTable('job_schedule')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('cron', 'text', (c) => c.notNull())
    .addColumn('next_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_schedule').ifExists().execute();
  await db.schema.dropTable('job_queue').ifExists().execute();
  await db.schema.dropTable('job_run').ifExists().execute();
}
