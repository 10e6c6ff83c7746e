import type { Kysely } from 'kysely';
import { withId } from '@/server/db/migrations/helpers';

/** BI (issue 20), part 1: indicators, their owners, values per period, warnings and who was told. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('bi_indicator'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull())
    // The metric (contract Metric) and thresholds as JSON: read whole, never queried by part.
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('table_code', 'text', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('thresholds', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('last_period', 'text')
    .addColumn('last_value', 'double precision')
    .addColumn('last_evaluated_at', 'bigint')
    .addColumn('last_error', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bi_indicator_status').on('bi_indicator').columns(['status', 'updated_at']).execute();

  await db.schema
    .createTable('bi_indicator_owner')
    .addColumn('indicator_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('bi_indicator_owner_pk', ['indicator_id', 'user_id'])
    .execute();
  await db.schema.createIndex('bi_indicator_owner_user').on('bi_indicator_owner').columns(['user_id']).execute();

  // One value per indicator and period: a rerun refreshes the row instead of adding one.
  await withId(db, db.schema.createTable('bi_indicator_value'))
    .addColumn('indicator_id', 'integer', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('value', 'double precision')
    .addColumn('evaluated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bi_indicator_value_key')
    .on('bi_indicator_value')
    .columns(['indicator_id', 'period'])
    .unique()
    .execute();

  await withId(db, db.schema.createTable('bi_warning'))
    .addColumn('indicator_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('bound', 'text', (c) => c.notNull())
    .addColumn('threshold', 'double precision', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('value', 'double precision', (c) => c.notNull())
    .addColumn('latest_value', 'double precision', (c) => c.notNull())
    .addColumn('opened_at', 'bigint', (c) => c.notNull())
    .addColumn('ack_by', 'integer')
    .addColumn('ack_name', 'text', (c) => c.notNull())
    .addColumn('ack_note', 'text', (c) => c.notNull())
    .addColumn('ack_at', 'bigint')
    .addColumn('closed_at', 'bigint')
    .addColumn('close_note', 'text', (c) => c.notNull())
    // When the value came back within bounds: the breach is over (null while it lasts, acknowledged or not).
    .addColumn('recovered_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('bi_warning_indicator')
    .on('bi_warning')
    .columns(['indicator_id', 'recovered_at'])
    .execute();
  await db.schema.createIndex('bi_warning_status').on('bi_warning').columns(['status', 'opened_at']).execute();

  await withId(db, db.schema.createTable('bi_warning_notice'))
    .addColumn('warning_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('notified_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bi_warning_notice_warning').on('bi_warning_notice').columns(['warning_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['bi_warning_notice', 'bi_warning', 'bi_indicator_value', 'bi_indicator_owner', 'bi_indicator'])
    await db.schema.dropTable(t).execute();
}
