import type { Kysely } from 'kysely';
import { withId } from './helpers';

/**
 * The catalogue of backup files under DATA_DIR/backups (maintenance module). No foreign key to
 * app_user: a restore replaces the users, and the catalogue must keep saying who made each file.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('backup'))
    .addColumn('file_name', 'text', (c) => c.notNull().unique())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_by_name', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .execute();
  await db.schema.createIndex('backup_created_idx').on('backup').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('backup_kind_created_idx').on('backup').columns(['kind', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('backup').ifExists().execute();
}
