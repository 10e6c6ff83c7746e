import type { Kysely } from 'kysely';

/**
 * 领导驾驶舱 (issue 20): daily aggregates of the big event tables (card payments, gate passages,
 * network sessions — about a million rows each in the full demo), so the cockpit answers from a
 * few hundred rows. Rebuilt by the `leading-driver.after-sync` job; `day` is the China-time day
 * number (days since 1970-01-01).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ld_daily')
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('dim', 'text', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'double precision', (c) => c.notNull())
    .addColumn('people', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('ld_daily_pk', ['metric', 'day', 'dim'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ld_daily').execute();
}
