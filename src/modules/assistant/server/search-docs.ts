import { richTextToPlain } from '@/server/rich-text/sanitize';
import {
  countSearchDocs,
  indexSearchDocs,
  removeSearchDocs,
  type SearchDocInput,
} from '@/modules/portal-search/server/commands/search-index';
import type { Conn } from './conn';
import * as repo from './repository';

/** A published FAQ as the portal search holds it: public, its synonyms as tags, opened in the assistant. */
type Published = NonNullable<Awaited<ReturnType<typeof repo.publishedOne>>>;
const docOf = (q: Published): SearchDocInput => ({
  kind: 'question',
  refId: Number(q.id),
  title: q.question,
  body: richTextToPlain(q.answer),
  path: `/web/intelligentAssistant/index?id=${q.id}`,
  audience: ['public'],
  tags: q.synonyms.split('\n').filter(Boolean),
  weight: Number(q.helpfulCount),
  departmentName: q.categoryName,
  updatedAt: Number(q.updatedAt),
});

/** After a question's write: index it while published, else drop it. */
export async function syncQuestionDoc(db: Conn, id: number): Promise<void> {
  const q = await repo.publishedOne(db, id);
  if (q) await indexSearchDocs(db, [docOf(q)]);
  else await removeSearchDocs(db, 'question', [id]);
}

export async function reindexQuestions(db: Conn): Promise<number> {
  let n = 0;
  for (let after = 0; ; ) {
    const rows = await repo.publishedAfter(db, after, 200);
    if (!rows.length) break;
    await indexSearchDocs(db, rows.map(docOf));
    n += rows.length;
    after = Number(rows[rows.length - 1]!.id);
  }
  return n;
}

export async function reindexQuestionsIfEmpty(db: Conn): Promise<void> {
  if ((await countSearchDocs(db, 'question')) === 0) await reindexQuestions(db);
}
