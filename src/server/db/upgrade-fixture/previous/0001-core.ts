import type { Kysely } from 'kysely';
import { withId } from '@/server/db/migrations/helpers';

/** The platform core: organisation, identity, platforms and menus, sessions, settings, audit. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('department'))
    .addColumn('parent_id', 'integer', (c) => c.references('department.id').onDelete('set null'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('department_parent_idx').on('department').column('parent_id').execute();

  await withId(db, db.schema.createTable('app_user'))
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('real_name', 'text', (c) => c.notNull())
    .addColumn('user_no', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('department_id', 'integer', (c) => c.references('department.id').onDelete('set null'))
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('gender', 'text')
    .addColumn('avatar', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('must_change_pwd', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'bigint')
    .addColumn('last_login_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('app_user_department_idx').on('app_user').columns(['department_id', 'id']).execute();
  await db.schema.createIndex('app_user_kind_status_idx').on('app_user').columns(['kind', 'status', 'id']).execute();
  await db.schema.createIndex('app_user_user_no_idx').on('app_user').column('user_no').execute();

  await withId(db, db.schema.createTable('role_group'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await withId(db, db.schema.createTable('role'))
    .addColumn('group_id', 'integer', (c) => c.references('role_group.id').onDelete('set null'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('user_role')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_role_pk', ['user_id', 'role_id'])
    .execute();
  await db.schema.createIndex('user_role_role_idx').on('user_role').columns(['role_id', 'user_id']).execute();

  await withId(db, db.schema.createTable('platform'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('index_url', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('normal'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('platform_user')
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('platform_user_pk', ['platform_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('platform_user_user_idx')
    .on('platform_user')
    .columns(['user_id', 'platform_id'])
    .execute();
  await db.schema
    .createTable('platform_role')
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('platform_role_pk', ['platform_id', 'role_id'])
    .execute();
  await db.schema
    .createIndex('platform_role_role_idx')
    .on('platform_role')
    .columns(['role_id', 'platform_id'])
    .execute();

  await withId(db, db.schema.createTable('menu'))
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('platform_id', 'integer', (c) => c.references('platform.id').onDelete('cascade'))
    .addColumn('parent_id', 'integer', (c) => c.references('menu.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('icon', 'text')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('relation_routes', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.createIndex('menu_scope_platform_idx').on('menu').columns(['scope', 'platform_id', 'sort']).execute();
  await db.schema
    .createTable('role_menu')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
    .addColumn('menu_id', 'integer', (c) => c.notNull().references('menu.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('role_menu_pk', ['role_id', 'menu_id'])
    .execute();
  await db.schema.createIndex('role_menu_menu_idx').on('role_menu').columns(['menu_id', 'role_id']).execute();

  await db.schema
    .createTable('session')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('platform_id', 'integer', (c) => c.references('platform.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('session_user_idx').on('session').columns(['user_id', 'revoked_at']).execute();
  await db.schema.createIndex('session_expires_idx').on('session').column('expires_at').execute();

  await db.schema
    .createTable('captcha')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('answer_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('captcha_expires_idx').on('captcha').column('expires_at').execute();

  await db.schema
    .createTable('setting')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('audit_log'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('actor_name', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text')
    .addColumn('detail', 'text')
    .addColumn('ip', 'text')
    .addColumn('result', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').columns(['at', 'id']).execute();
  await db.schema.createIndex('audit_log_action_at_idx').on('audit_log').columns(['action', 'at']).execute();
  await db.schema.createIndex('audit_log_actor_at_idx').on('audit_log').columns(['actor_id', 'at']).execute();

  await withId(db, db.schema.createTable('notice'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text')
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('platform_id', 'integer', (c) => c.references('platform.id').onDelete('set null'))
    .addColumn('published_at', 'bigint')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notice_kind_status_idx')
    .on('notice')
    .columns(['kind', 'status', 'published_at'])
    .execute();

  await db.schema
    .createTable('visit_stat')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'visit_stat',
    'notice',
    'audit_log',
    'setting',
    'captcha',
    'session',
    'role_menu',
    'menu',
    'platform_role',
    'platform_user',
    'platform',
    'user_role',
    'role',
    'role_group',
    'app_user',
    'department',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
