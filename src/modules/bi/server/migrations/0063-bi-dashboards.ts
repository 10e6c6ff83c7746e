import type { Kysely } from 'kysely';
import { withId } from '@/server/db/migrations/helpers';

/** BI dashboards (issue 20, part 3): the working draft, its audience, and each publish's immutable snapshot. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('bi_dashboard'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('theme', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    // The draft's widgets (contract Widget[]) as JSON: read and written whole.
    .addColumn('widgets', 'text', (c) => c.notNull())
    .addColumn('is_public', 'integer', (c) => c.notNull())
    .addColumn('published_version', 'integer')
    .addColumn('published_at', 'bigint')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bi_dashboard_status').on('bi_dashboard').columns(['status', 'updated_at']).execute();

  // The audience as rows (kind platform|role), so "dashboards I may see" is a query with indexes.
  await db.schema
    .createTable('bi_dashboard_audience')
    .addColumn('dashboard_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('bi_dashboard_audience_pk', ['dashboard_id', 'kind', 'value'])
    .execute();
  await db.schema
    .createIndex('bi_dashboard_audience_value')
    .on('bi_dashboard_audience')
    .columns(['kind', 'value'])
    .execute();

  await withId(db, db.schema.createTable('bi_dashboard_version'))
    .addColumn('dashboard_id', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('theme', 'text', (c) => c.notNull())
    .addColumn('widgets', 'text', (c) => c.notNull())
    .addColumn('published_by', 'integer')
    .addColumn('published_name', 'text', (c) => c.notNull())
    .addColumn('published_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bi_dashboard_version_key')
    .on('bi_dashboard_version')
    .columns(['dashboard_id', 'version'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['bi_dashboard_version', 'bi_dashboard_audience', 'bi_dashboard'])
    await db.schema.dropTable(t).execute();
}
