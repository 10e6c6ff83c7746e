import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { withId } from '@/server/db/migrations/helpers';

/** Service booking (issue 17): windows, slots, bookings, call-backs and electronic permits. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('sb_window'))
    .addColumn('department_id', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'integer')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('rules', 'text', (c) => c.notNull())
    .addColumn('slot_minutes', 'integer', (c) => c.notNull())
    .addColumn('capacity', 'integer', (c) => c.notNull())
    .addColumn('cutoff_minutes', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sb_window_dept_idx').on('sb_window').columns(['department_id', 'id']).execute();
  await db.schema.createIndex('sb_window_item_idx').on('sb_window').columns(['item_id']).execute();

  await withId(db, db.schema.createTable('sb_slot'))
    .addColumn('window_id', 'integer', (c) => c.notNull().references('sb_window.id').onDelete('cascade'))
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint', (c) => c.notNull())
    .addColumn('capacity', 'integer', (c) => c.notNull())
    .addColumn('booked', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addCheckConstraint('sb_slot_capacity_check', sql`booked >= 0 and booked <= capacity`)
    .execute();
  await db.schema
    .createIndex('sb_slot_window_start_idx')
    .on('sb_slot')
    .columns(['window_id', 'start_at'])
    .unique()
    .execute();

  await withId(db, db.schema.createTable('sb_booking'))
    .addColumn('slot_id', 'integer', (c) => c.notNull().references('sb_slot.id'))
    .addColumn('window_id', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('department_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('slot_start', 'bigint', (c) => c.notNull())
    .addColumn('slot_end', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('reminded_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('handled_by', 'integer')
    .execute();
  // One live booking per person and slot, whatever races (partial unique index: both dialects).
  await db.schema
    .createIndex('sb_booking_live_idx')
    .on('sb_booking')
    .columns(['slot_id', 'user_id'])
    .unique()
    .where(sql.ref('status'), '=', 'booked')
    .execute();
  await db.schema
    .createIndex('sb_booking_user_idx')
    .on('sb_booking')
    .columns(['user_id', 'slot_start', 'id'])
    .execute();
  await db.schema
    .createIndex('sb_booking_dept_idx')
    .on('sb_booking')
    .columns(['department_id', 'slot_start', 'id'])
    .execute();
  await db.schema.createIndex('sb_booking_status_idx').on('sb_booking').columns(['status', 'slot_start']).execute();

  await withId(db, db.schema.createTable('sb_callback'))
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('department_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('window_end', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('handler_id', 'integer')
    .addColumn('called_at', 'bigint')
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sb_callback_user_idx').on('sb_callback').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('sb_callback_dept_idx')
    .on('sb_callback')
    .columns(['department_id', 'status', 'id'])
    .execute();

  await withId(db, db.schema.createTable('sb_callback_log'))
    .addColumn('callback_id', 'integer', (c) => c.notNull().references('sb_callback.id').onDelete('cascade'))
    .addColumn('actor_id', 'integer', (c) => c.notNull())
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sb_callback_log_cb_idx').on('sb_callback_log').columns(['callback_id', 'id']).execute();

  await withId(db, db.schema.createTable('sb_permit'))
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('department_id', 'integer', (c) => c.notNull())
    .addColumn('holder_id', 'integer', (c) => c.notNull())
    .addColumn('holder_name', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('instance_id', 'integer')
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'bigint', (c) => c.notNull())
    .addColumn('issued_by', 'integer')
    .addColumn('valid_until', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .addColumn('revoked_by', 'integer')
    .addColumn('revoke_reason', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sb_permit_code_idx').on('sb_permit').column('code').unique().execute();
  await db.schema.createIndex('sb_permit_instance_idx').on('sb_permit').column('instance_id').unique().execute();
  await db.schema
    .createIndex('sb_permit_holder_idx')
    .on('sb_permit')
    .columns(['holder_id', 'issued_at', 'id'])
    .execute();
  await db.schema
    .createIndex('sb_permit_dept_idx')
    .on('sb_permit')
    .columns(['department_id', 'issued_at', 'id'])
    .execute();

  await db.schema
    .createTable('sb_settle_cursor')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('ended_at', 'bigint', (c) => c.notNull())
    .addColumn('instance_id', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'sb_settle_cursor',
    'sb_permit',
    'sb_callback_log',
    'sb_callback',
    'sb_booking',
    'sb_slot',
    'sb_window',
  ])
    await db.schema.dropTable(t).ifExists().execute();
}
