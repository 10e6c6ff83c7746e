import { sql, type Kysely } from 'kysely';
import { isPostgres, withId } from '@/server/db/migrations/helpers';

/**
 * Portal search (issue 17): documents, audience keys, short-query grams, recent and hot words,
 * and the full-text index — an FTS5 trigram table on SQLite, pg_trgm's GIN index on PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('search_doc'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('weight', 'integer', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull())
    .addColumn('pinyin', 'text', (c) => c.notNull())
    .addColumn('initials', 'text', (c) => c.notNull())
    .addColumn('department_name', 'text', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('search_doc_kind_ref_uq', ['kind', 'ref_id'])
    .execute();
  await db.schema.createIndex('search_doc_kind_idx').on('search_doc').columns(['kind', 'weight', 'id']).execute();
  await db.schema.createIndex('search_doc_initials_idx').on('search_doc').column('initials').execute();

  await db.schema
    .createTable('search_doc_audience')
    .addColumn('doc_id', 'integer', (c) => c.notNull().references('search_doc.id').onDelete('cascade'))
    .addColumn('audience', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_doc_audience_pk', ['doc_id', 'audience'])
    .execute();
  await db.schema
    .createIndex('search_doc_audience_key_idx')
    .on('search_doc_audience')
    .columns(['audience', 'doc_id'])
    .execute();

  await db.schema
    .createTable('search_gram')
    .addColumn('gram', 'text', (c) => c.notNull())
    .addColumn('doc_id', 'integer', (c) => c.notNull().references('search_doc.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('search_gram_pk', ['gram', 'doc_id'])
    .execute();
  await db.schema.createIndex('search_gram_doc_idx').on('search_gram').column('doc_id').execute();

  await db.schema
    .createTable('search_recent')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('word', 'text', (c) => c.notNull())
    .addColumn('searched_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_recent_pk', ['user_id', 'word'])
    .execute();
  await db.schema
    .createIndex('search_recent_user_idx')
    .on('search_recent')
    .columns(['user_id', 'searched_at'])
    .execute();

  await db.schema
    .createTable('search_hot')
    .addColumn('word', 'text', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_hot_pk', ['day', 'word'])
    .execute();

  if (isPostgres(db)) {
    // pg_trgm is a trusted extension (the database owner may create it). One schema holds it for
    // the whole database; the operator class is named with that schema because a search_path
    // (a test's schema) may not include it. The lock keeps two servers from creating it at once.
    await sql`select pg_advisory_xact_lock(7017033)`.execute(db);
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    const r = await sql<{ schema: string }>`select n.nspname as schema from pg_extension e
      join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
    const schema = r.rows[0]!.schema;
    await sql`create index search_doc_trgm_idx on search_doc using gin (search_text ${sql.id(schema)}.gin_trgm_ops)`.execute(
      db,
    );
  } else {
    await sql`create virtual table search_doc_fts using fts5(search_text, tokenize = 'trigram')`.execute(db);
  }
}
