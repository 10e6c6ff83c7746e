import type { Kysely } from 'kysely';

/**
 * 不再关注 runs through the workflow engine: the request remembers its instance, so the engine's
 * completion hook finds the request of an ending instance with one indexed lookup.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ew_request').addColumn('instance_id', 'integer').execute();
  await db.schema.createIndex('ew_request_instance').on('ew_request').column('instance_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('ew_request_instance').execute();
  await db.schema.alterTable('ew_request').dropColumn('instance_id').execute();
}
