import { sql } from 'kysely';
import type { Page } from '@/shared/envelope';
import type {
  AdminCategory,
  AdminQuestionDetail,
  AdminQuestionQuery,
  AdminQuestionRow,
  AskedListQuery,
  AskedRow,
  AskedStatus,
  FaqCategoryView,
  FaqQuestionRow,
  FaqStatus,
} from '../contract';
import type { Conn } from './conn';

const likeEscape = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// ---- categories ---------------------------------------------------------------------------

export async function publicCategories(db: Conn): Promise<FaqCategoryView[]> {
  const rows = await db
    .selectFrom('faqCategory as c')
    .leftJoin('faqQuestion as q', (j) => j.onRef('q.categoryId', '=', 'c.id').on('q.status', '=', 'published'))
    .select(['c.id', 'c.name', (eb) => eb.fn.count<number>('q.id').as('count')])
    .groupBy(['c.id', 'c.name', 'c.sort'])
    .orderBy('c.sort')
    .orderBy('c.id')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), name: r.name, count: Number(r.count) })).filter((c) => c.count > 0);
}

export async function adminCategories(db: Conn): Promise<AdminCategory[]> {
  const rows = await db
    .selectFrom('faqCategory as c')
    .leftJoin('faqQuestion as q', 'q.categoryId', 'c.id')
    .select(['c.id', 'c.name', 'c.sort', (eb) => eb.fn.count<number>('q.id').as('count')])
    .groupBy(['c.id', 'c.name', 'c.sort'])
    .orderBy('c.sort')
    .orderBy('c.id')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), name: r.name, sort: r.sort, count: Number(r.count) }));
}

export const findCategory = (db: Conn, id: number) =>
  db.selectFrom('faqCategory').select(['id', 'name']).where('id', '=', id).executeTakeFirst();

export const categoryNamed = (db: Conn, name: string) =>
  db.selectFrom('faqCategory').select('id').where('name', '=', name).executeTakeFirst();

export async function insertCategory(db: Conn, v: { name: string; sort: number }, now: number): Promise<number> {
  const r = await db
    .insertInto('faqCategory')
    .values({ ...v, createdAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

export const updateCategory = (db: Conn, id: number, v: { name: string; sort: number }) =>
  db.updateTable('faqCategory').set(v).where('id', '=', id).execute();

export const deleteCategory = (db: Conn, id: number) => db.deleteFrom('faqCategory').where('id', '=', id).execute();

export async function countQuestionsIn(db: Conn, categoryId: number): Promise<number> {
  const r = await db
    .selectFrom('faqQuestion')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('categoryId', '=', categoryId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

// ---- questions ----------------------------------------------------------------------------

const questionBase = (db: Conn) =>
  db.selectFrom('faqQuestion as q').innerJoin('faqCategory as c', 'c.id', 'q.categoryId');

const rowColumns = [
  'q.id',
  'q.categoryId',
  'c.name as categoryName',
  'q.question',
  'q.viewCount',
  'q.helpfulCount',
] as const;

const toRow = (r: {
  id: number;
  categoryId: number;
  categoryName: string;
  question: string;
  viewCount: number;
  helpfulCount: number;
}): FaqQuestionRow => ({
  id: Number(r.id),
  categoryId: Number(r.categoryId),
  categoryName: r.categoryName,
  question: r.question,
  viewCount: Number(r.viewCount),
  helpfulCount: Number(r.helpfulCount),
});

export async function publicQuestions(
  db: Conn,
  q: { categoryId?: number; page: number; pageSize: number },
): Promise<Page<FaqQuestionRow>> {
  let base = questionBase(db).where('q.status', '=', 'published');
  if (q.categoryId) base = base.where('q.categoryId', '=', q.categoryId);
  const [rows, count] = await Promise.all([
    base
      .select(rowColumns)
      .orderBy('q.sort')
      .orderBy('q.id')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(toRow), total: Number(count.n), page: q.page, pageSize: q.pageSize };
}

/** Most read published questions (then most helpful), for the home's 热门问题. */
export async function topQuestions(db: Conn, limit: number): Promise<FaqQuestionRow[]> {
  const rows = await questionBase(db)
    .select(rowColumns)
    .where('q.status', '=', 'published')
    .orderBy('q.viewCount', 'desc')
    .orderBy('q.helpfulCount', 'desc')
    .orderBy('q.id')
    .limit(limit)
    .execute();
  return rows.map(toRow);
}

export async function findQuestion(db: Conn, id: number, publishedOnly: boolean) {
  let q = questionBase(db)
    .select([...rowColumns, 'q.answer', 'q.synonyms', 'q.status', 'q.sort', 'q.unhelpfulCount', 'q.updatedAt'])
    .where('q.id', '=', id);
  if (publishedOnly) q = q.where('q.status', '=', 'published');
  const r = await q.executeTakeFirst();
  if (!r) return undefined;
  return {
    ...toRow(r),
    answer: r.answer,
    synonyms: r.synonyms.split('\n').filter(Boolean),
    status: r.status as FaqStatus,
    sort: r.sort,
    unhelpfulCount: Number(r.unhelpfulCount),
    updatedAt: Number(r.updatedAt),
  } satisfies AdminQuestionDetail;
}

export async function adminQuestions(db: Conn, q: AdminQuestionQuery): Promise<Page<AdminQuestionRow>> {
  let base = questionBase(db);
  if (q.categoryId) base = base.where('q.categoryId', '=', q.categoryId);
  if (q.status) base = base.where('q.status', '=', q.status);
  const kw = q.keyword?.trim();
  if (kw) base = base.where(sql<boolean>`lower(q.question) like lower(${likeEscape(kw)}) escape '\\'`);
  const [rows, count] = await Promise.all([
    base
      .select([...rowColumns, 'q.status', 'q.sort', 'q.unhelpfulCount', 'q.updatedAt'])
      .orderBy('q.updatedAt', 'desc')
      .orderBy('q.id', 'desc')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((r) => ({
      ...toRow(r),
      status: r.status as FaqStatus,
      sort: r.sort,
      unhelpfulCount: Number(r.unhelpfulCount),
      updatedAt: Number(r.updatedAt),
    })),
    total: Number(count.n),
    page: q.page,
    pageSize: q.pageSize,
  };
}

export interface QuestionRecord {
  categoryId: number;
  question: string;
  answer: string;
  synonyms: string;
  status: FaqStatus;
  sort: number;
}

export async function insertQuestion(db: Conn, v: QuestionRecord, by: number | null, now: number): Promise<number> {
  const r = await db
    .insertInto('faqQuestion')
    .values({
      ...v,
      viewCount: 0,
      helpfulCount: 0,
      unhelpfulCount: 0,
      createdBy: by,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

export const updateQuestion = (db: Conn, id: number, v: QuestionRecord, now: number) =>
  db
    .updateTable('faqQuestion')
    .set({ ...v, updatedAt: now })
    .where('id', '=', id)
    .execute();

export const deleteQuestion = (db: Conn, id: number) => db.deleteFrom('faqQuestion').where('id', '=', id).execute();

export const countView = (db: Conn, id: number) =>
  db
    .updateTable('faqQuestion')
    .set((eb) => ({ viewCount: eb('viewCount', '+', 1) }))
    .where('id', '=', id)
    .execute();

export async function myVote(db: Conn, questionId: number, userId: number): Promise<boolean | null> {
  const r = await db
    .selectFrom('faqVote')
    .select('helpful')
    .where('questionId', '=', questionId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return r ? r.helpful === 1 : null;
}

export async function putVote(db: Conn, questionId: number, userId: number, helpful: boolean, now: number) {
  await db
    .insertInto('faqVote')
    .values({ questionId, userId, helpful: helpful ? 1 : 0, createdAt: now })
    .onConflict((oc) => oc.columns(['questionId', 'userId']).doUpdateSet({ helpful: helpful ? 1 : 0, createdAt: now }))
    .execute();
}

/** Moves the counts: +1 on the new side, −1 on the side of a replaced vote. */
export async function shiftCounts(db: Conn, id: number, helpful: boolean, replaced: boolean | null) {
  await db
    .updateTable('faqQuestion')
    .set((eb) => ({
      helpfulCount: eb('helpfulCount', '+', (helpful ? 1 : 0) - (replaced === true ? 1 : 0)),
      unhelpfulCount: eb('unhelpfulCount', '+', (helpful ? 0 : 1) - (replaced === false ? 1 : 0)),
    }))
    .where('id', '=', id)
    .execute();
}

export async function voteCounts(db: Conn, id: number) {
  const r = await db
    .selectFrom('faqQuestion')
    .select(['helpfulCount', 'unhelpfulCount'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { helpfulCount: Number(r.helpfulCount), unhelpfulCount: Number(r.unhelpfulCount) };
}

/** Published questions for the search index (keyset batches). */
export const publishedAfter = (db: Conn, after: number, limit: number) =>
  questionBase(db)
    .select(['q.id', 'q.question', 'q.answer', 'q.synonyms', 'c.name as categoryName', 'q.helpfulCount', 'q.updatedAt'])
    .where('q.status', '=', 'published')
    .where('q.id', '>', after)
    .orderBy('q.id')
    .limit(limit)
    .execute();

export const publishedOne = (db: Conn, id: number) =>
  questionBase(db)
    .select(['q.id', 'q.question', 'q.answer', 'q.synonyms', 'c.name as categoryName', 'q.helpfulCount', 'q.updatedAt'])
    .where('q.status', '=', 'published')
    .where('q.id', '=', id)
    .executeTakeFirst();

export const questionIdsIn = async (db: Conn, categoryId: number) =>
  (await db.selectFrom('faqQuestion').select('id').where('categoryId', '=', categoryId).execute()).map((r) =>
    Number(r.id),
  );

// ---- asked (unanswered) questions ---------------------------------------------------------

/** Logs a question nobody answered: the same open question asked again counts on its row. */
export async function logAsked(db: Conn, text: string, key: string, userId: number | null, now: number) {
  const open = await db
    .selectFrom('faqAsked')
    .select('id')
    .where('textKey', '=', key)
    .where('status', '=', 'open')
    .executeTakeFirst();
  if (open) {
    await db
      .updateTable('faqAsked')
      .set((eb) => ({
        times: eb('times', '+', 1),
        lastAskedAt: now,
        ...(userId ? { userId } : {}),
      }))
      .where('id', '=', open.id)
      .execute();
    return Number(open.id);
  }
  const r = await db
    .insertInto('faqAsked')
    .values({
      text,
      textKey: key,
      userId,
      times: 1,
      status: 'open',
      questionId: null,
      handledBy: null,
      handledAt: null,
      createdAt: now,
      lastAskedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function askedList(db: Conn, q: AskedListQuery): Promise<Page<AskedRow>> {
  let base = db
    .selectFrom('faqAsked as a')
    .leftJoin('appUser as u', 'u.id', 'a.userId')
    .leftJoin('appUser as h', 'h.id', 'a.handledBy')
    .leftJoin('faqQuestion as q', 'q.id', 'a.questionId');
  if (q.status) base = base.where('a.status', '=', q.status);
  const [rows, count] = await Promise.all([
    base
      .select([
        'a.id',
        'a.text',
        'a.times',
        'a.status',
        'u.realName as askedBy',
        'a.questionId',
        'q.question',
        'h.realName as handledByName',
        'a.handledAt',
        'a.createdAt',
        'a.lastAskedAt',
      ])
      .orderBy('a.lastAskedAt', 'desc')
      .orderBy('a.id', 'desc')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((r) => ({
      id: Number(r.id),
      text: r.text,
      times: Number(r.times),
      status: r.status as AskedStatus,
      askedBy: r.askedBy ?? null,
      questionId: r.questionId === null ? null : Number(r.questionId),
      question: r.question ?? null,
      handledByName: r.handledByName ?? null,
      handledAt: r.handledAt === null ? null : Number(r.handledAt),
      createdAt: Number(r.createdAt),
      lastAskedAt: Number(r.lastAskedAt),
    })),
    total: Number(count.n),
    page: q.page,
    pageSize: q.pageSize,
  };
}

export const findAsked = (db: Conn, id: number) =>
  db.selectFrom('faqAsked').select(['id', 'text', 'status', 'userId']).where('id', '=', id).executeTakeFirst();

export const setAsked = (
  db: Conn,
  id: number,
  v: { status: AskedStatus; questionId: number | null; handledBy: number | null; handledAt: number | null },
) => db.updateTable('faqAsked').set(v).where('id', '=', id).execute();

/** Open questions left pointing at a deleted FAQ go back to the list. */
export const unlinkAsked = (db: Conn, questionId: number) =>
  db
    .updateTable('faqAsked')
    .set({ status: 'open', questionId: null, handledBy: null, handledAt: null })
    .where('questionId', '=', questionId)
    .execute();

export async function openAskedCount(db: Conn): Promise<number> {
  const r = await db
    .selectFrom('faqAsked')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
