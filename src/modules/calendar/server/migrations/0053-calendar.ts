import type { Kysely } from 'kysely';
import { withId } from '@/server/db/migrations/helpers';

/** 校历与日程 (issue 21): the school calendar, personal and department events, iCalendar feeds. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('cal_school'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cal_school_range_idx').on('cal_school').columns(['start_date', 'end_date']).execute();

  await withId(db, db.schema.createTable('cal_event'))
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('department_id', 'integer')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint', (c) => c.notNull())
    .addColumn('all_day', 'integer', (c) => c.notNull())
    .addColumn('remind_minutes', 'integer')
    .addColumn('remind_at', 'bigint')
    .addColumn('reminded_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('cal_event_owner_idx')
    .on('cal_event')
    .columns(['owner_id', 'scope', 'start_at'])
    .execute();
  await db.schema.createIndex('cal_event_dept_idx').on('cal_event').columns(['department_id', 'start_at']).execute();
  // The reminder job's scan: due and not yet sent.
  await db.schema.createIndex('cal_event_remind_idx').on('cal_event').columns(['reminded_at', 'remind_at']).execute();

  await withId(db, db.schema.createTable('cal_feed'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('last_fetched_at', 'bigint')
    .execute();
  await db.schema.createIndex('cal_feed_token_idx').on('cal_feed').column('token_hash').unique().execute();
  await db.schema.createIndex('cal_feed_user_idx').on('cal_feed').columns(['user_id', 'revoked_at']).execute();
}
