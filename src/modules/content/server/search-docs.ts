import type { FastifyInstance } from 'fastify';
import { richTextToPlain } from '@/server/rich-text/sanitize';
import {
  countSearchDocs,
  indexSearchDocs,
  removeSearchDocs,
  type SearchDocInput,
} from '@/modules/portal-search/server/commands/search-index';
import type { Conn } from './repository';

/**
 * What of the content module the portal search finds: published notices and news (public, opened
 * at /home/notice/:id) and published help articles (public, opened in the help centre). Each write
 * path calls the sync in its own transaction; the demo seed and a start with an empty index
 * index everything.
 */
const BATCH = 200;

type NoticeRow = {
  id: number;
  kind: string;
  title: string;
  summary: string | null;
  content: string;
  updatedAt: number;
};
type ArticleRow = {
  id: number;
  title: string;
  content: string;
  keywords: string;
  categoryName: string;
  updatedAt: number;
};

const noticeDoc = (n: NoticeRow): SearchDocInput => ({
  kind: n.kind === 'news' ? 'news' : 'notice',
  refId: Number(n.id),
  title: n.title,
  body: [n.summary ?? '', richTextToPlain(n.content)].join(' '),
  path: `/home/notice/${n.id}`,
  audience: ['public'],
  updatedAt: Number(n.updatedAt),
});

const articleDoc = (a: ArticleRow): SearchDocInput => ({
  kind: 'help',
  refId: Number(a.id),
  title: a.title,
  body: richTextToPlain(a.content),
  path: `/web/help/index?id=${a.id}`,
  audience: ['public'],
  tags: a.keywords.split(/[\s,，、;；]+/).filter(Boolean),
  departmentName: a.categoryName,
  updatedAt: Number(a.updatedAt),
});

const noticeRows = (db: Conn) =>
  db
    .selectFrom('notice')
    .select(['id', 'kind', 'title', 'summary', 'content', 'updatedAt'])
    .where('status', '=', 'published');

const articleRows = (db: Conn) =>
  db
    .selectFrom('helpArticle as a')
    .innerJoin('helpCategory as c', 'c.id', 'a.categoryId')
    .select(['a.id', 'a.title', 'a.content', 'a.keywords', 'c.name as categoryName', 'a.updatedAt'])
    .where('a.status', '=', 'published');

/** After a notice's write: index it while published, else drop it from the search. */
export async function syncNoticeDoc(db: Conn, id: number): Promise<void> {
  const n = await noticeRows(db).where('id', '=', id).executeTakeFirst();
  if (n) await indexSearchDocs(db, [noticeDoc(n)]);
  else {
    await removeSearchDocs(db, 'notice', [id]);
    await removeSearchDocs(db, 'news', [id]);
  }
}

/** After a help article's write: index it while published, else drop it. */
export async function syncHelpArticleDoc(db: Conn, id: number): Promise<void> {
  const a = await articleRows(db).where('a.id', '=', id).executeTakeFirst();
  if (a) await indexSearchDocs(db, [articleDoc(a)]);
  else await removeSearchDocs(db, 'help', [id]);
}

/** Every help article of a renamed category carries the category's name. */
export async function syncHelpCategoryDocs(db: Conn, categoryId: number): Promise<void> {
  const rows = await articleRows(db).where('a.categoryId', '=', categoryId).execute();
  if (rows.length) await indexSearchDocs(db, rows.map(articleDoc));
}

/** Index every published notice, news item and help article (keyset batches). */
export async function reindexContent(db: Conn): Promise<number> {
  let n = 0;
  for (let after = 0; ; ) {
    const rows = await noticeRows(db).where('id', '>', after).orderBy('id').limit(BATCH).execute();
    if (!rows.length) break;
    await indexSearchDocs(db, rows.map(noticeDoc));
    n += rows.length;
    after = Number(rows[rows.length - 1]!.id);
  }
  for (let after = 0; ; ) {
    const rows = await articleRows(db).where('a.id', '>', after).orderBy('a.id').limit(BATCH).execute();
    if (!rows.length) break;
    await indexSearchDocs(db, rows.map(articleDoc));
    n += rows.length;
    after = Number(rows[rows.length - 1]!.id);
  }
  return n;
}

/** At start: a database that has content but an empty index (made before the search existed) gets indexed once. */
export async function reindexContentIfEmpty(app: FastifyInstance): Promise<void> {
  const indexed =
    (await countSearchDocs(app.db, 'notice')) +
    (await countSearchDocs(app.db, 'news')) +
    (await countSearchDocs(app.db, 'help'));
  if (indexed > 0) return;
  const has = await noticeRows(app.db).select('id').limit(1).executeTakeFirst();
  const hasHelp = await articleRows(app.db).limit(1).executeTakeFirst();
  if (!has && !hasHelp) return;
  await app.db.transaction().execute((tx) => reindexContent(tx));
}
