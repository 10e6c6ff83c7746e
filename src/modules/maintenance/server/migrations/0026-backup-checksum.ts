import type { Kysely } from 'kysely';

/**
 * The SHA-256 of each backup file (issue 26), shown in the backup list so an operator can compare
 * a copy on another machine with `sha256sum`. Null for files catalogued before it was recorded.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('backup').addColumn('checksum', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('backup').dropColumn('checksum').execute();
}
