import type { Kysely } from 'kysely';
import { withId } from '@/server/db/migrations/helpers';

/** Syncs (dataset → data table) and their runs (data-sync module). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('data_sync'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('dataset_id', 'integer', (c) => c.notNull())
    .addColumn('table_id', 'integer', (c) => c.notNull())
    .addColumn('mapping', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('key_fields', 'text', (c) => c.notNull())
    .addColumn('since_field', 'text')
    .addColumn('since_value', 'text')
    .addColumn('delete_missing', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cron', 'text')
    .addColumn('next_run_at', 'bigint')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('owner_id', 'integer')
    .addColumn('consecutive_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('alerted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_run_id', 'integer')
    .addColumn('last_status', 'text')
    .addColumn('last_run_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .execute();
  await db.schema.createIndex('data_sync_name_uq').on('data_sync').column('name').unique().execute();
  // The dispatcher's question every minute: which enabled schedules are due.
  await db.schema.createIndex('data_sync_due_idx').on('data_sync').columns(['enabled', 'next_run_at']).execute();
  await db.schema.createIndex('data_sync_table_idx').on('data_sync').column('table_id').execute();

  await withId(db, db.schema.createTable('data_sync_run'))
    .addColumn('sync_id', 'integer', (c) => c.notNull().references('data_sync.id').onDelete('cascade'))
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('queued_at', 'bigint', (c) => c.notNull())
    .addColumn('started_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .addColumn('rows_read', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_inserted', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_updated', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_unchanged', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_deleted', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('total_rows', 'bigint')
    .addColumn('checkpoint', 'text')
    .addColumn('since_from', 'text')
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('actor_id', 'integer')
    .execute();
  // A sync's history, newest first; and "is one of its runs active?".
  await db.schema.createIndex('data_sync_run_sync_idx').on('data_sync_run').columns(['sync_id', 'id']).execute();
  await db.schema.createIndex('data_sync_run_status_idx').on('data_sync_run').columns(['sync_id', 'status']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('data_sync_run').ifExists().execute();
  await db.schema.dropTable('data_sync').ifExists().execute();
}
