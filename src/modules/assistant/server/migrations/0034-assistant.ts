import type { Kysely } from 'kysely';
import { withId } from '@/server/db/migrations/helpers';

/** Intelligent assistant (issue 17): FAQ categories and questions, votes, unanswered questions. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('faq_category'))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('faq_question'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('faq_category.id'))
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('synonyms', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('view_count', 'integer', (c) => c.notNull())
    .addColumn('helpful_count', 'integer', (c) => c.notNull())
    .addColumn('unhelpful_count', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('faq_question_category_idx')
    .on('faq_question')
    .columns(['category_id', 'status', 'sort', 'id'])
    .execute();
  await db.schema
    .createIndex('faq_question_top_idx')
    .on('faq_question')
    .columns(['status', 'view_count', 'id'])
    .execute();
  await db.schema.createIndex('faq_question_updated_idx').on('faq_question').columns(['updated_at', 'id']).execute();

  await db.schema
    .createTable('faq_vote')
    .addColumn('question_id', 'integer', (c) => c.notNull().references('faq_question.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('helpful', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('faq_vote_pk', ['question_id', 'user_id'])
    .execute();

  await withId(db, db.schema.createTable('faq_asked'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('text_key', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('times', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('question_id', 'integer')
    .addColumn('handled_by', 'integer')
    .addColumn('handled_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_asked_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('faq_asked_status_idx')
    .on('faq_asked')
    .columns(['status', 'last_asked_at', 'id'])
    .execute();
  await db.schema.createIndex('faq_asked_key_idx').on('faq_asked').columns(['text_key', 'status']).execute();
  await db.schema.createIndex('faq_asked_question_idx').on('faq_asked').column('question_id').execute();
}
