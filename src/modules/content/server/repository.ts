import { sql, type Expression, type ExpressionBuilder, type SqlBool, type Transaction } from 'kysely';
import type { Db } from '@/server/db/dialect';
import type { Database } from '@/server/db/schema';
import { paginate } from '@/server/db/paginate';
import type { Page } from '@/shared/envelope';
import type {
  HelpAdminListQuery,
  HelpArticle,
  HelpArticleRow,
  HelpCategory,
  HelpPublicListQuery,
  HelpStatus,
  NoticeAdminDetail,
  NoticeAdminListQuery,
  NoticeAdminRow,
  NoticeKind,
  NoticeStatus,
} from '../contract';

export type Conn = Db | Transaction<Database>;

/** A LIKE pattern matching `keyword` anywhere, with % _ and \ taken literally. */
export const containsPattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Case-insensitive "contains", the same SQL on SQLite and PostgreSQL (no ILIKE). */
function contains(column: Expression<unknown>, keyword: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${column}) like lower(${containsPattern(keyword)}) escape '\\'`;
}

// --- notices -------------------------------------------------------------------------------

export interface NoticeRecord {
  kind: NoticeKind;
  title: string;
  summary: string | null;
  content: string;
  platformId: number | null;
}

const noticeColumns = (
  eb: ExpressionBuilder<Database & { p: Database['platform']; u: Database['appUser'] }, 'notice' | 'p' | 'u'>,
) => [
  eb.ref('notice.id').as('id'),
  eb.ref('notice.kind').as('kind'),
  eb.ref('notice.title').as('title'),
  eb.ref('notice.summary').as('summary'),
  eb.ref('notice.status').as('status'),
  eb.ref('notice.platformId').as('platformId'),
  eb.ref('p.name').as('platformName'),
  eb.ref('notice.publishedAt').as('publishedAt'),
  eb.ref('notice.updatedAt').as('updatedAt'),
  eb.ref('u.realName').as('createdByName'),
];

const noticeBase = (db: Conn) =>
  db
    .selectFrom('notice')
    .leftJoin('platform as p', 'p.id', 'notice.platformId')
    .leftJoin('appUser as u', 'u.id', 'notice.createdBy');

type NoticeRaw = {
  id: number;
  kind: string;
  title: string;
  summary: string | null;
  status: string;
  platformId: number | null;
  platformName: string | null;
  publishedAt: number | null;
  updatedAt: number;
  createdByName: string | null;
};

const toNoticeRow = (r: NoticeRaw): NoticeAdminRow => ({
  id: r.id,
  kind: r.kind as NoticeKind,
  title: r.title,
  summary: r.summary ?? '',
  status: r.status as NoticeStatus,
  platformId: r.platformId,
  platformName: r.platformName,
  publishedAt: r.publishedAt === null ? null : Number(r.publishedAt),
  updatedAt: Number(r.updatedAt),
  createdByName: r.createdByName,
});

/** Every notice of one kind for administrators, newest change first; filtered and cut in SQL. */
export async function listNoticesForAdmin(db: Conn, q: NoticeAdminListQuery): Promise<Page<NoticeAdminRow>> {
  let base = noticeBase(db).where('notice.kind', '=', q.kind);
  if (q.status) base = base.where('notice.status', '=', q.status);
  const keyword = q.keyword?.trim();
  if (keyword) base = base.where((eb) => contains(eb.ref('notice.title'), keyword));
  const page = await paginate(
    base,
    (b) => b.select(noticeColumns).orderBy('notice.updatedAt', 'desc').orderBy('notice.id', 'desc'),
    q,
  );
  return { ...page, list: page.list.map(toNoticeRow) };
}

export async function findNotice(db: Conn, id: number): Promise<NoticeAdminDetail | undefined> {
  const r = await noticeBase(db)
    .select(noticeColumns)
    .select('notice.content')
    .where('notice.id', '=', id)
    .executeTakeFirst();
  return r && { ...toNoticeRow(r), content: r.content };
}

export async function noticeStatus(db: Conn, id: number): Promise<{ status: NoticeStatus; title: string } | undefined> {
  const r = await db.selectFrom('notice').select(['status', 'title']).where('id', '=', id).executeTakeFirst();
  return r && { status: r.status as NoticeStatus, title: r.title };
}

export async function insertNotice(db: Conn, n: NoticeRecord, createdBy: number, now: number): Promise<number> {
  const r = await db
    .insertInto('notice')
    .values({ ...n, status: 'draft', publishedAt: null, createdBy, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function updateNotice(db: Conn, id: number, n: NoticeRecord, now: number): Promise<void> {
  await db
    .updateTable('notice')
    .set({ ...n, updatedAt: now })
    .where('id', '=', id)
    .execute();
}

export async function setNoticeStatus(
  db: Conn,
  id: number,
  status: NoticeStatus,
  now: number,
  publishedAt?: number,
): Promise<void> {
  await db
    .updateTable('notice')
    .set({ status, updatedAt: now, ...(publishedAt !== undefined ? { publishedAt } : {}) })
    .where('id', '=', id)
    .execute();
}

export async function deleteNotice(db: Conn, id: number): Promise<void> {
  await db.deleteFrom('notice').where('id', '=', id).execute();
}

export async function platformExists(db: Conn, id: number): Promise<boolean> {
  return !!(await db.selectFrom('platform').select('id').where('id', '=', id).executeTakeFirst());
}

// --- help categories -----------------------------------------------------------------------

/** Categories in their order with how many articles each holds (published only when asked). */
export async function listHelpCategories(db: Conn, publishedOnly: boolean): Promise<HelpCategory[]> {
  const rows = await db
    .selectFrom('helpCategory as c')
    .leftJoin('helpArticle as a', (j) => {
      const on = j.onRef('a.categoryId', '=', 'c.id');
      return publishedOnly ? on.on('a.status', '=', 'published') : on;
    })
    .select((eb) => ['c.id', 'c.name', 'c.sort', eb.fn.count<number>('a.id').as('articleCount')])
    .groupBy(['c.id', 'c.name', 'c.sort'])
    .orderBy('c.sort')
    .orderBy('c.id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, sort: r.sort, articleCount: Number(r.articleCount) }));
}

export async function findHelpCategory(db: Conn, id: number): Promise<{ id: number; name: string } | undefined> {
  return db.selectFrom('helpCategory').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

export async function helpCategoryNameTaken(db: Conn, name: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom('helpCategory').select('id').where('name', '=', name);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

export async function insertHelpCategory(db: Conn, c: { name: string; sort: number }): Promise<number> {
  return (await db.insertInto('helpCategory').values(c).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateHelpCategory(db: Conn, id: number, c: { name: string; sort: number }): Promise<void> {
  await db.updateTable('helpCategory').set(c).where('id', '=', id).execute();
}

export async function deleteHelpCategory(db: Conn, id: number): Promise<void> {
  await db.deleteFrom('helpCategory').where('id', '=', id).execute();
}

export async function countArticlesIn(db: Conn, categoryId: number): Promise<number> {
  const r = await db
    .selectFrom('helpArticle')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('categoryId', '=', categoryId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

// --- help articles -------------------------------------------------------------------------

export interface HelpArticleRecord {
  categoryId: number;
  title: string;
  content: string;
  keywords: string;
  status: HelpStatus;
  sort: number;
}

const articleBase = (db: Conn) =>
  db.selectFrom('helpArticle as a').innerJoin('helpCategory as c', 'c.id', 'a.categoryId');
const articleColumns = [
  'a.id',
  'a.categoryId',
  'c.name as categoryName',
  'a.title',
  'a.keywords',
  'a.status',
  'a.sort',
  'a.updatedAt',
] as const;

type ArticleRaw = {
  id: number;
  categoryId: number;
  categoryName: string;
  title: string;
  keywords: string;
  status: string;
  sort: number;
  updatedAt: number;
};
const toArticleRow = (r: ArticleRaw): HelpArticleRow => ({
  ...r,
  status: r.status as HelpStatus,
  updatedAt: Number(r.updatedAt),
});

/**
 * Articles filtered in SQL: by category, status and a keyword found in the title, the
 * keywords or the content; ordered by category order, then the article's own order.
 */
export async function listHelpArticles(
  db: Conn,
  q: HelpAdminListQuery | (HelpPublicListQuery & { status: 'published' }),
): Promise<Page<HelpArticleRow>> {
  let base = articleBase(db);
  if (q.categoryId) base = base.where('a.categoryId', '=', q.categoryId);
  if (q.status) base = base.where('a.status', '=', q.status);
  const keyword = q.keyword?.trim();
  if (keyword) {
    base = base.where((eb) =>
      eb.or([
        contains(eb.ref('a.title'), keyword),
        contains(eb.ref('a.keywords'), keyword),
        contains(eb.ref('a.content'), keyword),
      ]),
    );
  }
  const page = await paginate(
    base,
    (b) => b.select(articleColumns).orderBy('c.sort').orderBy('c.id').orderBy('a.sort').orderBy('a.id'),
    q,
  );
  return { ...page, list: page.list.map(toArticleRow) };
}

export async function findHelpArticle(db: Conn, id: number, publishedOnly: boolean): Promise<HelpArticle | undefined> {
  let q = articleBase(db).select(articleColumns).select('a.content').where('a.id', '=', id);
  if (publishedOnly) q = q.where('a.status', '=', 'published');
  const r = await q.executeTakeFirst();
  return r && { ...toArticleRow(r), content: r.content };
}

export async function insertHelpArticle(
  db: Conn,
  a: HelpArticleRecord,
  createdBy: number | null,
  now: number,
): Promise<number> {
  return (
    await db
      .insertInto('helpArticle')
      .values({ ...a, createdBy, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

export async function updateHelpArticle(db: Conn, id: number, a: HelpArticleRecord, now: number): Promise<void> {
  await db
    .updateTable('helpArticle')
    .set({ ...a, updatedAt: now })
    .where('id', '=', id)
    .execute();
}

export async function deleteHelpArticle(db: Conn, id: number): Promise<void> {
  await db.deleteFrom('helpArticle').where('id', '=', id).execute();
}
