import type { Kysely } from 'kysely';

/**
 * Corrections run through the workflow engine (issue 18): each request remembers its instance, so
 * the engine's completion hook finds the request of an ending instance with one indexed lookup.
 * An approved value whose table is synced from a database with write-back configured is queued for
 * the owning system: source_state none/pending/written/failed, the last error, tries, next try.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('one_table_correction').addColumn('instance_id', 'integer').execute();
  const t = () => db.schema.alterTable('one_table_correction');
  await t()
    .addColumn('source_state', 'text', (c) => c.notNull().defaultTo('none'))
    .execute();
  await t()
    .addColumn('source_error', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await t()
    .addColumn('source_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await t().addColumn('source_next_at', 'bigint').execute();
  await db.schema
    .createIndex('one_table_correction_source_idx')
    .on('one_table_correction')
    .columns(['source_state', 'source_next_at'])
    .execute();
  await db.schema
    .createIndex('one_table_correction_instance_idx')
    .on('one_table_correction')
    .column('instance_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('one_table_correction_source_idx').execute();
  for (const c of ['source_next_at', 'source_attempts', 'source_error', 'source_state'])
    await db.schema.alterTable('one_table_correction').dropColumn(c).execute();
  await db.schema.dropIndex('one_table_correction_instance_idx').execute();
  await db.schema.alterTable('one_table_correction').dropColumn('instance_id').execute();
}
