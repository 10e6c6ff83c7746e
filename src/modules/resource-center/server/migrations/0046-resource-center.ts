import type { Kysely } from 'kysely';
import { withId } from '@/server/db/migrations/helpers';

/** 资源中心 (issue 19): resources, their labels and visibility, favourites, access records, links, view tickets. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('rc_resource'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('upload_id', 'text')
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('department_id', 'integer')
    .addColumn('labels', 'text', (c) => c.notNull())
    .addColumn('visibility', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('view_count', 'integer', (c) => c.notNull())
    .addColumn('released_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rc_resource_hall_idx')
    .on('rc_resource')
    .columns(['status', 'released_at', 'id'])
    .execute();
  await db.schema
    .createIndex('rc_resource_owner_idx')
    .on('rc_resource')
    .columns(['owner_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('rc_resource_upload_idx').on('rc_resource').column('upload_id').execute();

  await db.schema
    .createTable('rc_resource_label')
    .addColumn('resource_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('rc_resource_label_pk', ['resource_id', 'name'])
    .execute();
  await db.schema
    .createIndex('rc_resource_label_name_idx')
    .on('rc_resource_label')
    .columns(['name', 'resource_id'])
    .execute();

  // Who may see a resource whose visibility is 'roles' or 'departments' (one row a role or department).
  await db.schema
    .createTable('rc_resource_scope')
    .addColumn('resource_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rc_resource_scope_pk', ['resource_id', 'kind', 'ref_id'])
    .execute();
  await db.schema
    .createIndex('rc_resource_scope_ref_idx')
    .on('rc_resource_scope')
    .columns(['kind', 'ref_id'])
    .execute();

  await db.schema
    .createTable('rc_favorite')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('resource_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('rc_favorite_pk', ['user_id', 'resource_id'])
    .execute();

  await withId(db, db.schema.createTable('rc_access'))
    .addColumn('resource_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('link_id', 'integer')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rc_access_resource_idx')
    .on('rc_access')
    .columns(['resource_id', 'created_at'])
    .execute();
  await db.schema.createIndex('rc_access_day_idx').on('rc_access').columns(['day', 'action']).execute();

  await withId(db, db.schema.createTable('rc_link'))
    .addColumn('resource_id', 'integer', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('max_visits', 'integer', (c) => c.notNull())
    .addColumn('visits', 'integer', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rc_link_owner_idx').on('rc_link').columns(['created_by', 'created_at', 'id']).execute();

  // A file address handed to a preview or a visitor: only the token's SHA-256 is kept.
  await db.schema
    .createTable('rc_view_ticket')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('resource_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('link_id', 'integer')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rc_view_ticket_expires_idx').on('rc_view_ticket').column('expires_at').execute();
}
