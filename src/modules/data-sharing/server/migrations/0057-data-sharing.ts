import type { Kysely } from 'kysely';
import { withId } from '@/server/db/migrations/helpers';

/** 数据共享: themes, datasets, consumer apps, applications, grants, nonces, rate counters, access log. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('ds_theme'))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('ds_dataset'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('theme_id', 'integer', (c) => c.notNull().references('ds_theme.id'))
    .addColumn('table_code', 'text', (c) => c.notNull())
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('row_filter', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // 数据目录: by theme, then name.
  await db.schema.createIndex('ds_dataset_theme_idx').on('ds_dataset').columns(['theme_id', 'name', 'id']).execute();

  await withId(db, db.schema.createTable('ds_app'))
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('owner_name', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('department_id', 'integer')
    .addColumn('department_name', 'text', (c) => c.notNull())
    .addColumn('contact', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('app_key', 'text', (c) => c.notNull().unique())
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('rate_per_minute', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // 应用管理: the owner's apps, newest first.
  await db.schema.createIndex('ds_app_owner_idx').on('ds_app').columns(['owner_id', 'created_at', 'id']).execute();

  await withId(db, db.schema.createTable('ds_grant'))
    .addColumn('app_id', 'integer', (c) => c.notNull().references('ds_app.id').onDelete('cascade'))
    .addColumn('dataset_id', 'integer', (c) => c.notNull().references('ds_dataset.id').onDelete('cascade'))
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('valid_from', 'bigint', (c) => c.notNull())
    .addColumn('valid_to', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // The data API finds an app's grant of a dataset.
  await db.schema.createIndex('ds_grant_app_idx').on('ds_grant').columns(['app_id', 'dataset_id', 'status']).execute();

  await withId(db, db.schema.createTable('ds_application'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('app_id', 'integer', (c) => c.notNull().references('ds_app.id').onDelete('cascade'))
    .addColumn('dataset_id', 'integer', (c) => c.notNull().references('ds_dataset.id').onDelete('cascade'))
    .addColumn('applicant_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('applicant_name', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('period_start', 'text', (c) => c.notNull())
    .addColumn('period_end', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('grant_id', 'integer', (c) => c.references('ds_grant.id').onDelete('set null'))
    .addColumn('instance_id', 'integer')
    .addColumn('batch_no', 'text', (c) => c.notNull())
    .addColumn('reply', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // 我的申请: the applicant's, newest first; the approval pages: by kind and status; the engine's hook: by instance.
  await db.schema
    .createIndex('ds_application_applicant_idx')
    .on('ds_application')
    .columns(['applicant_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('ds_application_kind_idx')
    .on('ds_application')
    .columns(['kind', 'status', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('ds_application_instance_idx').on('ds_application').column('instance_id').execute();
  await db.schema
    .createIndex('ds_application_app_idx')
    .on('ds_application')
    .columns(['app_id', 'dataset_id', 'status'])
    .execute();

  await db.schema
    .createTable('ds_nonce')
    .addColumn('app_id', 'integer', (c) => c.notNull().references('ds_app.id').onDelete('cascade'))
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('ds_nonce_pk', ['app_id', 'nonce'])
    .execute();
  await db.schema.createIndex('ds_nonce_at_idx').on('ds_nonce').columns(['app_id', 'at']).execute();

  await db.schema
    .createTable('ds_rate')
    .addColumn('app_id', 'integer', (c) => c.notNull().references('ds_app.id').onDelete('cascade'))
    .addColumn('minute', 'bigint', (c) => c.notNull())
    .addColumn('calls', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('ds_rate_pk', ['app_id', 'minute'])
    .execute();

  await withId(db, db.schema.createTable('ds_access_log'))
    .addColumn('app_id', 'integer', (c) => c.notNull().references('ds_app.id').onDelete('cascade'))
    .addColumn('dataset_code', 'text', (c) => c.notNull())
    .addColumn('http_status', 'integer', (c) => c.notNull())
    .addColumn('error_code', 'text', (c) => c.notNull())
    .addColumn('rows', 'integer', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  // 访问日志 of one app, newest first.
  await db.schema.createIndex('ds_access_log_app_idx').on('ds_access_log').columns(['app_id', 'at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'ds_access_log',
    'ds_rate',
    'ds_nonce',
    'ds_application',
    'ds_grant',
    'ds_app',
    'ds_dataset',
    'ds_theme',
  ])
    await db.schema.dropTable(t).ifExists().execute();
}
