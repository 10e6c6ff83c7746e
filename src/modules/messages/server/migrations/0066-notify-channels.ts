import type { Kysely } from 'kysely';
import { withId } from '@/server/db/migrations/helpers';

/**
 * Notifications beyond the in-app centre (issue 24 item 2). `notify_channel`: one row per outside
 * channel (email, sms, wecom, dingtalk) with its settings and its sealed secret. `notify_template`:
 * subject and body per message kind. `notify_pref`: a user's choice per kind and channel (absent =
 * the default). `notify_delivery`: the outbox sendMessage fills in the caller's transaction and the
 * `messages.deliver` job empties; `notify_attempt`: one row per try. `notify_demo_mail`: what the
 * demo's own SMTP sink received (演示邮箱).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notify_channel')
    .addColumn('channel', 'text', (c) => c.primaryKey())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('secret_enc', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('notify_template'))
    .addColumn('kind', 'text', (c) => c.notNull().unique())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('notify_pref')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('notify_pref_pk', ['user_id', 'kind', 'channel'])
    .execute();

  await withId(db, db.schema.createTable('notify_delivery'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    // JSON of the sender's extra template variables (applicant, formName …).
    .addColumn('vars', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .execute();
  // The job's scan (pending and due) and the 发送记录 filters, newest first.
  await db.schema
    .createIndex('notify_delivery_due_idx')
    .on('notify_delivery')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('notify_delivery_list_idx')
    .on('notify_delivery')
    .columns(['channel', 'status', 'id'])
    .execute();
  await db.schema.createIndex('notify_delivery_user_idx').on('notify_delivery').columns(['user_id']).execute();

  await withId(db, db.schema.createTable('notify_attempt'))
    .addColumn('delivery_id', 'integer', (c) => c.notNull().references('notify_delivery.id').onDelete('cascade'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createIndex('notify_attempt_delivery_idx')
    .on('notify_attempt')
    .columns(['delivery_id', 'id'])
    .execute();

  await withId(db, db.schema.createTable('notify_demo_mail'))
    .addColumn('mail_from', 'text', (c) => c.notNull())
    .addColumn('rcpt_to', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'notify_demo_mail',
    'notify_attempt',
    'notify_delivery',
    'notify_pref',
    'notify_template',
    'notify_channel',
  ])
    await db.schema.dropTable(t).execute();
}
