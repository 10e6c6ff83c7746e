import type { Kysely } from 'kysely';
import { withId } from '@/server/db/migrations/helpers';

/** BI reports (issue 20, part 4): reports and templates over a data table, and who may see a published one. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('bi_report'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('table_code', 'text', (c) => c.notNull())
    // The design (contract ReportDesign) as JSON: read whole, never queried by part.
    .addColumn('design', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('is_template', 'integer', (c) => c.notNull())
    .addColumn('published_at', 'bigint')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bi_report_tab')
    .on('bi_report')
    .columns(['is_template', 'status', 'updated_at'])
    .execute();

  // The audience of a published report: one of its platforms and one of its roles (as menus).
  await db.schema
    .createTable('bi_report_platform')
    .addColumn('report_id', 'integer', (c) => c.notNull())
    .addColumn('platform_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('bi_report_platform_pk', ['report_id', 'platform_id'])
    .execute();
  await db.schema
    .createTable('bi_report_role')
    .addColumn('report_id', 'integer', (c) => c.notNull())
    .addColumn('role_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('bi_report_role_pk', ['report_id', 'role_id'])
    .execute();
  await db.schema.createIndex('bi_report_role_role').on('bi_report_role').columns(['role_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['bi_report_role', 'bi_report_platform', 'bi_report']) await db.schema.dropTable(t).execute();
}
