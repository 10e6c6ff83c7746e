/**
 * What other modules call to make their records searchable (issue 17, plan-17): index inside the
 * same transaction as their own write (publish/edit → indexSearchDocs, unpublish/delete →
 * removeSearchDocs), and search with the caller's audience keys. Every function takes the
 * caller's connection or transaction.
 */
import type { Conn } from '../conn';
import { clearKind, countByKind, countDocs, deleteDocs, gramOverlap, searchRows, upsertDocs } from '../repository';
import { highlightRanges, questionGrams, queryTerms, snippetOf } from '../text';

export type { Conn } from '../conn';

export type SearchKind = 'item' | 'notice' | 'news' | 'help' | 'question' | 'form' | 'special';
export const SEARCH_KINDS: readonly SearchKind[] = ['item', 'notice', 'news', 'help', 'question', 'form', 'special'];

export interface SearchDocInput {
  kind: SearchKind;
  refId: number;
  title: string;
  /** Plain text (the caller strips HTML). */
  body: string;
  /** App route that opens it, e.g. '/web/eventService/online?id=12'. */
  path: string;
  /** OR of keys: 'public' | 'user' (any signed-in) | `role:${id}` | `dept:${id}` | `platform:${id}`. */
  audience: string[];
  /** Ranking boost (e.g. use count); default 0. */
  weight?: number;
  /** Synonyms / keywords. */
  tags?: string[];
  departmentName?: string;
  updatedAt?: number;
}

export interface SearchHit {
  kind: SearchKind;
  refId: number;
  title: string;
  snippet: string;
  path: string;
  /** [start, end) ranges of the title (UTF-16 units) that matched the query, by text or by pinyin. */
  highlight: [number, number][];
}

/** Upsert by (kind, refId); computes pinyin and initials of the title and tags. */
export async function indexSearchDocs(db: Conn, docs: SearchDocInput[]): Promise<void> {
  await upsertDocs(
    db,
    docs.map((d) => ({
      kind: d.kind,
      refId: d.refId,
      title: d.title,
      body: d.body,
      path: d.path,
      audience: d.audience,
      weight: d.weight ?? 0,
      tags: d.tags ?? [],
      departmentName: d.departmentName ?? '',
      updatedAt: d.updatedAt ?? Date.now(),
    })),
  );
}

export async function removeSearchDocs(db: Conn, kind: SearchKind, refIds: number[]): Promise<void> {
  await deleteDocs(db, kind, refIds);
}

/** The audience keys a viewer matches (null: a visitor, who matches only 'public'). */
export function viewerAudience(
  viewer: { id: number; departmentIds: number[]; roleIds: number[]; platformId?: number | null } | null,
): string[] {
  if (!viewer) return ['public'];
  return [
    'public',
    'user',
    ...viewer.roleIds.map((id) => `role:${id}`),
    ...viewer.departmentIds.map((id) => `dept:${id}`),
    ...(viewer.platformId ? [`platform:${viewer.platformId}`] : []),
  ];
}

/**
 * Ranked, highlighted hits the audience may see. Every word of the text must match (title, tags,
 * pinyin, initials, department or body); words of 1–2 characters match titles, tags and initials.
 */
export async function searchDocs(
  db: Conn,
  q: {
    text: string;
    kinds?: SearchKind[];
    audience: string[];
    page: number;
    pageSize: number;
    /** The hit count when the caller already has it (from searchCounts), sparing a second count. */
    knownTotal?: number;
  },
): Promise<{ total: number; list: SearchHit[] }> {
  const terms = queryTerms(q.text);
  const { total, rows } = await searchRows(db, { ...q, terms });
  return {
    total,
    list: rows.map((r) => ({
      kind: r.kind as SearchKind,
      refId: r.refId,
      title: r.title,
      snippet: snippetOf(r.body, terms),
      path: r.path,
      highlight: highlightRanges(r.title, terms),
    })),
  };
}

/** How many hits each kind has for the text (tabs of a results page). */
export async function searchCounts(
  db: Conn,
  q: { text: string; audience: string[] },
): Promise<{ kind: SearchKind; count: number }[]> {
  const rows = await countByKind(db, { terms: queryTerms(q.text), audience: q.audience });
  return rows.map((r) => ({ kind: r.kind as SearchKind, count: r.count }));
}

/** How many documents of a kind are indexed (a module reindexes its records when none are). */
export const countSearchDocs = (db: Conn, kind: SearchKind): Promise<number> => countDocs(db, kind);

/**
 * Documents that answer a question put in plain words ("校园卡丢了怎么补办？"): ranked by how many
 * of the question's meaningful 2-character grams their title and tags share; a document must
 * share at least `minShare` of them (and two) to count.
 */
export async function similarDocs(
  db: Conn,
  q: { text: string; kinds?: SearchKind[]; audience: string[]; limit: number; minShare?: number },
): Promise<(SearchHit & { share: number })[]> {
  const grams = questionGrams(q.text);
  const rows = await gramOverlap(db, { grams, kinds: q.kinds, audience: q.audience, limit: q.limit });
  const min = q.minShare ?? 0.4;
  const terms = queryTerms(q.text);
  return rows
    .map((r) => ({ r, share: r.shared / grams.length }))
    .filter((x) => x.r.shared >= Math.min(2, grams.length) && x.share >= min)
    .map(({ r, share }) => ({
      kind: r.kind as SearchKind,
      refId: r.refId,
      title: r.title,
      snippet: snippetOf(r.body, terms),
      path: r.path,
      highlight: highlightRanges(r.title, grams),
      share,
    }));
}

/** Drops every document of a kind (a module about to reindex all of its records). */
export const clearSearchKind = (db: Conn, kind: SearchKind): Promise<void> => clearKind(db, kind);
