import type { Kysely } from 'kysely';

/**
 * Who may fill a form and when (issue 24 item 4). `form_audience_member` extends the role audience
 * (form.audience) with departments (kind 'dept', or 'deptTree' with its sub-departments; a class is
 * a department of kind 'class'), platforms ('platform') and people ('user'): a person may fill when
 * any rule matches, and a form without any rule is for everyone its access admits. On `form`: the
 * window (`opens_at`, `closes_at`, null = open-ended), the limit per person (`submit_limit`:
 * 'none' | 'once' | 'day' | 'week' | 'month') and a public form's access password (hashed).
 * `form_submit_slot` holds one row per person and period once they submitted: its primary key is
 * what makes two parallel submissions of one person end with exactly one stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('form_audience_member')
    .addColumn('form_id', 'integer', (c) => c.notNull().references('form.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('form_audience_member_pk', ['form_id', 'kind', 'ref_id'])
    .execute();
  // The fill list's semi-join: this person's rows (their id, departments, platforms) → forms.
  await db.schema
    .createIndex('form_audience_member_ref_idx')
    .on('form_audience_member')
    .columns(['kind', 'ref_id', 'form_id'])
    .execute();

  await db.schema.alterTable('form').addColumn('opens_at', 'bigint').execute();
  await db.schema.alterTable('form').addColumn('closes_at', 'bigint').execute();
  await db.schema
    .alterTable('form')
    .addColumn('submit_limit', 'text', (c) => c.notNull().defaultTo('none'))
    .execute();
  await db.schema.alterTable('form').addColumn('password_hash', 'text').execute();

  await db.schema
    .createTable('form_submit_slot')
    .addColumn('form_id', 'integer', (c) => c.notNull().references('form.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('submission_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('form_submit_slot_pk', ['form_id', 'user_id', 'period'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('form_submit_slot').execute();
  for (const c of ['password_hash', 'submit_limit', 'closes_at', 'opens_at'])
    await db.schema.alterTable('form').dropColumn(c).execute();
  await db.schema.dropTable('form_audience_member').execute();
}
