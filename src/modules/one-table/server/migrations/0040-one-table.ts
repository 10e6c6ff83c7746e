import type { Kysely } from 'kysely';
import { withId } from '@/server/db/migrations/helpers';

/** 一表通 (issue 18): page layouts per audience and correction requests. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('one_table_layout'))
    .addColumn('audience', 'text', (c) => c.notNull().unique())
    .addColumn('groups', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'integer')
    .execute();

  await withId(db, db.schema.createTable('one_table_correction'))
    .addColumn('applicant_id', 'integer', (c) => c.notNull())
    .addColumn('applicant_name', 'text', (c) => c.notNull())
    .addColumn('person_no', 'text', (c) => c.notNull())
    .addColumn('table_id', 'integer', (c) => c.notNull())
    .addColumn('table_code', 'text', (c) => c.notNull())
    .addColumn('table_name', 'text', (c) => c.notNull())
    .addColumn('owner_department_id', 'integer')
    .addColumn('row_id', 'integer', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('field_label', 'text', (c) => c.notNull())
    .addColumn('old_value', 'text', (c) => c.notNull())
    .addColumn('new_value', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('evidence', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('decider_id', 'integer')
    .addColumn('decider_name', 'text', (c) => c.notNull())
    .addColumn('write_state', 'text', (c) => c.notNull())
    .addColumn('write_error', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('one_table_correction_applicant_idx')
    .on('one_table_correction')
    .columns(['applicant_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('one_table_correction_owner_idx')
    .on('one_table_correction')
    .columns(['owner_department_id', 'state', 'created_at'])
    .execute();
  await db.schema
    .createIndex('one_table_correction_value_idx')
    .on('one_table_correction')
    .columns(['table_id', 'row_id', 'field', 'state'])
    .execute();
}
