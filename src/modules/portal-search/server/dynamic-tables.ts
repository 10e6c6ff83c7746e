import { sql } from 'kysely';
import type { DynamicTableFamily } from '@/server/backup/dynamic-tables';

/**
 * The SQLite full-text index `search_doc_fts` (FTS5, rowid = search_doc.id) for a restore
 * (src/server/backup/dynamic-tables.ts): backups skip virtual tables, so once search_doc holds the
 * backup's rows the index is refilled from them. PostgreSQL's pg_trgm index is an ordinary index
 * on search_doc and needs nothing.
 */
export const dynamicTables: DynamicTableFamily = {
  prefix: 'search_doc_fts',
  definitions: ['search_doc'],
  // The index is made by migration 0033, never at run time.
  async create() {},
  async rebuild(db, postgres) {
    if (postgres) return;
    await sql`delete from search_doc_fts`.execute(db);
    await sql`insert into search_doc_fts (rowid, search_text) select id, search_text from search_doc`.execute(db);
  },
};
