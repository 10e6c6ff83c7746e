import { sql, type Kysely } from 'kysely';

/**
 * At most one run of a sync queued or running, enforced by the database: two app servers (or two
 * clicks) asking for a run at the same instant cannot both insert one. Partial unique index, the
 * same statement on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create unique index data_sync_run_active_uq on data_sync_run (sync_id) where status in ('queued', 'running')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists data_sync_run_active_uq`.execute(db);
}
