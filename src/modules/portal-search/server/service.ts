import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '@/server/identity/sessions';
import type { Page } from '@/shared/envelope';
import {
  HOT_WORDS_DAYS,
  RECENT_WORDS_MAX,
  SEARCH_KIND_NAMES,
  type HotWord,
  type SearchAnswer,
  type SearchHitView,
} from '../contract';
import { audienceOfAuth } from './commands/audience';
import { searchCounts, searchDocs } from './commands/search-index';
import * as repo from './repository';
import { normalize } from './text';

const DAY = 86_400_000;
const dayOf = (ms: number) => Math.floor(ms / DAY);

/** A word worth remembering: trimmed, folded, at most 30 characters. */
const wordOf = (q: string) => [...normalize(q)].slice(0, 30).join('');

export async function search(
  app: FastifyInstance,
  auth: AuthContext | null,
  q: { q: string; kind?: SearchAnswer['counts'][number]['kind']; page: number; pageSize: number },
): Promise<SearchAnswer> {
  const word = wordOf(q.q);
  const empty = { list: [], total: 0, page: q.page, pageSize: q.pageSize };
  if (!word) return { ...empty, counts: SEARCH_KIND_NAMES.map((kind) => ({ kind, count: 0 })) };
  const audience = await audienceOfAuth(app.db, auth);
  // Counted once, per kind: the total of the page is the sum over the kinds shown.
  const counts = new Map((await searchCounts(app.db, { text: word, audience })).map((c) => [c.kind, c.count]));
  const found = await searchDocs(app.db, {
    text: word,
    kinds: q.kind ? [q.kind] : undefined,
    audience,
    page: q.page,
    pageSize: q.pageSize,
    knownTotal: q.kind ? (counts.get(q.kind) ?? 0) : [...counts.values()].reduce((a, b) => a + b, 0),
  });
  // The first page of a search is one search: remember the word for the user, count it when it found something.
  if (q.page === 1 && !q.kind) {
    const now = Date.now();
    await app.db.transaction().execute(async (tx) => {
      if (auth) await repo.rememberWord(tx, auth.userId, word, RECENT_WORDS_MAX, now);
      if (counts.size) await repo.countHot(tx, word, dayOf(now));
    });
  }
  return {
    ...found,
    page: q.page,
    pageSize: q.pageSize,
    counts: SEARCH_KIND_NAMES.map((kind) => ({ kind, count: counts.get(kind) ?? 0 })),
  };
}

export async function findSearchForm(
  app: FastifyInstance,
  auth: AuthContext | null,
  q: { q: string; page: number; pageSize: number },
): Promise<Page<SearchHitView>> {
  const audience = await audienceOfAuth(app.db, auth);
  const r = await searchDocs(app.db, { text: q.q, kinds: ['form'], audience, page: q.page, pageSize: q.pageSize });
  return { ...r, page: q.page, pageSize: q.pageSize };
}

export async function suggest(app: FastifyInstance, auth: AuthContext | null, q: string): Promise<SearchHitView[]> {
  if (!wordOf(q)) return [];
  const audience = await audienceOfAuth(app.db, auth);
  return (await searchDocs(app.db, { text: q, audience, page: 1, pageSize: 8 })).list;
}

export const hotWords = (app: FastifyInstance, limit: number): Promise<HotWord[]> =>
  repo.hotWords(app.db, dayOf(Date.now()) - HOT_WORDS_DAYS + 1, limit);

export const recentWords = (app: FastifyInstance, userId: number) => repo.recentWords(app.db, userId, RECENT_WORDS_MAX);

export const clearRecentWords = (app: FastifyInstance, userId: number) => repo.clearRecent(app.db, userId);

/** Hot-word counts older than the window are dropped (daily job). */
export const pruneHotWords = (app: FastifyInstance) => repo.pruneHot(app.db, dayOf(Date.now()) - HOT_WORDS_DAYS);
