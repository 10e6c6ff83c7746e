import type { Generated } from 'kysely';

/**
 * The portal search's tables (migration 0033-portal-search). One row per searchable document
 * (a service item, notice, news, help article, assistant question, form or special service),
 * keyed by (kind, ref_id); who may find it in `search_doc_audience`; the 1- and 2-character
 * grams of its title, tags and pinyin initials in `search_gram` (the index of short queries);
 * recent words per user and hot-word counts per day. The full-text index is a SQLite FTS5
 * trigram table (`search_doc_fts`, rowid = search_doc.id) or a PostgreSQL pg_trgm GIN index on
 * `search_text` — reached through raw SQL in repository.ts.
 */
export interface SearchDocTable {
  id: Generated<number>;
  kind: string;
  refId: number;
  title: string;
  /** Plain text, cut to BODY_MAX characters. */
  body: string;
  path: string;
  weight: number;
  /** Synonyms / keywords, space-separated. */
  tags: string;
  /** Full pinyin of title and tags, no tones, no spaces between syllables of a word. */
  pinyin: string;
  /** Pinyin initials of the title ("xsqj" for 学生请假). */
  initials: string;
  departmentName: string;
  /** Lower-cased title, tags, pinyin, initials, department and body: what the trigram index covers. */
  searchText: string;
  updatedAt: number;
}

export interface SearchDocAudienceTable {
  docId: number;
  /** 'public' | 'user' | `role:${id}` | `dept:${id}` | `platform:${id}` */
  audience: string;
}

export interface SearchGramTable {
  gram: string;
  docId: number;
}

export interface SearchRecentTable {
  userId: number;
  word: string;
  searchedAt: number;
}

export interface SearchHotTable {
  word: string;
  /** Day number (ms / 86,400,000, UTC). */
  day: number;
  count: number;
}

declare module '@/server/db/schema' {
  interface Database {
    searchDoc: SearchDocTable;
    searchDocAudience: SearchDocAudienceTable;
    searchGram: SearchGramTable;
    searchRecent: SearchRecentTable;
    searchHot: SearchHotTable;
  }
}
