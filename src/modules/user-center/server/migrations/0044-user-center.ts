import type { Kysely } from 'kysely';
import { withId } from '@/server/db/migrations/helpers';

/** 个人中心 (issue 19): favourites, footprints, card-office requests, payslip unlocks, renewals, iCal tokens, signatures, contact codes. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('uc_favorite'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ref_key', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('uc_favorite_ref_idx')
    .on('uc_favorite')
    .columns(['user_id', 'kind', 'ref_key'])
    .unique()
    .execute();
  await db.schema.createIndex('uc_favorite_list_idx').on('uc_favorite').columns(['user_id', 'created_at']).execute();

  await withId(db, db.schema.createTable('uc_footprint'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('visited_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uc_footprint_user_idx').on('uc_footprint').columns(['user_id', 'visited_at']).execute();
  await db.schema.createIndex('uc_footprint_time_idx').on('uc_footprint').column('visited_at').execute();

  await withId(db, db.schema.createTable('uc_card_request'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('user_no', 'text', (c) => c.notNull())
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('card_no', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull())
    .addColumn('handled_by_name', 'text', (c) => c.notNull())
    .addColumn('handled_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('uc_card_request_user_idx')
    .on('uc_card_request')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('uc_card_request_status_idx')
    .on('uc_card_request')
    .columns(['status', 'created_at'])
    .execute();

  await db.schema
    .createTable('uc_salary_unlock')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('uc_renewal'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('loan_id', 'integer', (c) => c.notNull())
    .addColumn('old_due', 'text', (c) => c.notNull())
    .addColumn('new_due', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uc_renewal_user_idx').on('uc_renewal').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('uc_ical_token')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('uc_signature')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('uc_contact_code'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('uc_contact_code_user_idx')
    .on('uc_contact_code')
    .columns(['user_id', 'channel'])
    .execute();
}
