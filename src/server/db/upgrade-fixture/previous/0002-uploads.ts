import type { Kysely } from 'kysely';

/** Uploaded files: stored on disk under DATA_DIR/uploads with server-made names; this row knows them. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('upload')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer')
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('upload_owner_idx').on('upload').columns(['owner_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('upload').ifExists().execute();
}
