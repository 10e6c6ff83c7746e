import type { Kysely } from 'kysely';
import { withId } from '@/server/db/migrations/helpers';

/**
 * The data tables' bookkeeping (data-tables module): definitions, fields, the row change log and
 * the history of DDL the platform ran on the physical `dt_<code>` tables (made later, by ddl.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('data_table'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('unique_key', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('owner_department_id', 'integer', (c) => c.references('department.id').onDelete('set null'))
    .addColumn('scope_field', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('report_cycle', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('report_deadline_day', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_reported_at', 'bigint')
    .addColumn('last_reported_by', 'integer')
    .addColumn('last_row_change_at', 'bigint')
    .addColumn('reminded_period', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('data_table_owner_idx').on('data_table').columns(['owner_department_id']).execute();
  await db.schema.createIndex('data_table_public_idx').on('data_table').columns(['is_public', 'name']).execute();

  await withId(db, db.schema.createTable('data_table_field'))
    .addColumn('table_id', 'integer', (c) => c.notNull().references('data_table.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('required', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('indexed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('visibility', 'text', (c) => c.notNull().defaultTo('all'))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('data_table_field_name_uq')
    .on('data_table_field')
    .columns(['table_id', 'name'])
    .unique()
    .execute();

  await withId(db, db.schema.createTable('data_table_change'))
    .addColumn('table_id', 'integer', (c) => c.notNull().references('data_table.id').onDelete('cascade'))
    .addColumn('row_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('actor_id', 'integer')
    .addColumn('actor_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('data_table_change_time_idx')
    .on('data_table_change')
    .columns(['table_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('data_table_change_row_idx')
    .on('data_table_change')
    .columns(['table_id', 'row_id', 'id'])
    .execute();
  await db.schema
    .createIndex('data_table_change_actor_idx')
    .on('data_table_change')
    .columns(['table_id', 'actor_id', 'id'])
    .execute();

  await withId(db, db.schema.createTable('data_table_ddl'))
    .addColumn('table_id', 'integer', (c) => c.notNull())
    .addColumn('table_code', 'text', (c) => c.notNull())
    .addColumn('step', 'text', (c) => c.notNull())
    .addColumn('sql_text', 'text', (c) => c.notNull())
    .addColumn('dialect', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('data_table_ddl_table_idx').on('data_table_ddl').columns(['table_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('data_table_ddl').ifExists().execute();
  await db.schema.dropTable('data_table_change').ifExists().execute();
  await db.schema.dropTable('data_table_field').ifExists().execute();
  await db.schema.dropTable('data_table').ifExists().execute();
}
