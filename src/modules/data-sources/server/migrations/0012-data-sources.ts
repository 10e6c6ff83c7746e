import type { Kysely } from 'kysely';
import { withId } from '@/server/db/migrations/helpers';

/** The data centre's sources and datasets (issue 16). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('data_source'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('config', 'text', (c) => c.notNull())
    .addColumn('secret_enc', 'text')
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_test_at', 'bigint')
    .addColumn('last_test_ok', 'integer')
    .addColumn('last_test_message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'integer')
    .addColumn('updated_by_name', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // Names are how people tell sources apart: one per name.
  await db.schema.createIndex('data_source_name_uq').on('data_source').column('name').unique().execute();
  // The back-office list: newest change first, optionally one kind.
  await db.schema.createIndex('data_source_kind_idx').on('data_source').columns(['kind', 'id']).execute();

  await withId(db, db.schema.createTable('dataset'))
    .addColumn('source_id', 'integer', (c) => c.notNull().references('data_source.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('table_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sql_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'integer')
    .addColumn('updated_by_name', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('dataset_name_uq').on('dataset').column('name').unique().execute();
  // A source's datasets (the list filter, and the "source in use" check on delete).
  await db.schema.createIndex('dataset_source_idx').on('dataset').columns(['source_id', 'id']).execute();
}
