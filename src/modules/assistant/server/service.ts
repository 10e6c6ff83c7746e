import type { FastifyInstance } from 'fastify';
import { AppError, notFound } from '@/server/errors';
import { audit } from '@/server/identity/audit';
import type { AuthContext } from '@/server/identity/sessions';
import { richTextToPlain, sanitizeRichText } from '@/server/rich-text/sanitize';
import { Codes } from '@/shared/errors';
import { badInput } from '@/server/errors';
import type { Page } from '@/shared/envelope';
import { searchDocs, similarDocs } from '@/modules/portal-search/server/commands/search-index';
import { sendMessage } from '@/modules/messages/server/commands/send-message';
import type {
  AskAnswer,
  AskedConvertBody,
  AskedHandleBody,
  CategorySaveBody,
  FaqHit,
  FaqQuestionDetail,
  QuestionSaveBody,
  VoteAnswer,
} from '../contract';
import type { Conn } from './conn';
import * as repo from './repository';
import { syncQuestionDoc } from './search-docs';

export interface Actor {
  userId: number;
  username: string;
  ip: string;
}

const auditOk = (db: Conn, a: Actor, action: string, target: string, detail: string) =>
  audit(db, { action, result: 'ok', actorId: a.userId, actorName: a.username, target, detail, ip: a.ip });

const PUBLIC = ['public'];

// ---- public ---------------------------------------------------------------------------------

export async function questionDetail(
  app: FastifyInstance,
  auth: AuthContext | null,
  id: number,
): Promise<FaqQuestionDetail> {
  const q = await repo.findQuestion(app.db, id, true);
  if (!q) throw notFound('该问题不存在或已下线');
  await repo.countView(app.db, id);
  return {
    id: q.id,
    categoryId: q.categoryId,
    categoryName: q.categoryName,
    question: q.question,
    viewCount: q.viewCount + 1,
    helpfulCount: q.helpfulCount,
    unhelpfulCount: q.unhelpfulCount,
    answer: q.answer,
    myVote: auth ? await repo.myVote(app.db, id, auth.userId) : null,
  };
}

export async function searchQuestions(
  app: FastifyInstance,
  q: { q: string; page: number; pageSize: number },
): Promise<Page<FaqHit>> {
  const r = await searchDocs(app.db, { text: q.q, kinds: ['question'], audience: PUBLIC, ...q });
  return {
    list: r.list.map((h) => ({ id: h.refId, question: h.title, snippet: h.snippet, highlight: h.highlight })),
    total: r.total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

const askKey = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '')
    .slice(0, 200);

/**
 * The question box: the FAQs that contain the words, else those sharing most of the question's
 * meaningful words; the best one's answer is the reply. Nothing found: the question is logged
 * for the back office (the same open question asked again counts on its row).
 */
export async function ask(app: FastifyInstance, auth: AuthContext | null, text: string): Promise<AskAnswer> {
  const clean = text.replace(/\s+/g, ' ').trim();
  const key = askKey(clean);
  if (!key) throw badInput('请输入您的问题', { field: 'text' });
  const exact = (await searchDocs(app.db, { text: clean, kinds: ['question'], audience: PUBLIC, page: 1, pageSize: 5 }))
    .list;
  const similar = exact.length
    ? []
    : await similarDocs(app.db, { text: clean, kinds: ['question'], audience: PUBLIC, limit: 5 });
  const hits = [...exact, ...similar];
  if (!hits.length) {
    await app.db.transaction().execute((tx) => repo.logAsked(tx, clean, key, auth?.userId ?? null, Date.now()));
    return { matches: [], best: null, logged: true };
  }
  return {
    matches: hits.map((h) => ({ id: h.refId, question: h.title, snippet: h.snippet, highlight: h.highlight })),
    best: await questionDetail(app, auth, hits[0]!.refId),
    logged: false,
  };
}

/** "Not what I asked": the question goes to the back office even though something matched. */
export async function submitUnanswered(app: FastifyInstance, auth: AuthContext | null, text: string): Promise<void> {
  const clean = text.replace(/\s+/g, ' ').trim();
  const key = askKey(clean);
  if (!key) throw badInput('请输入您的问题', { field: 'text' });
  await app.db.transaction().execute((tx) => repo.logAsked(tx, clean, key, auth?.userId ?? null, Date.now()));
}

/** "Was this helpful": a signed-in user's vote replaces their earlier one; a visitor's is counted. */
export async function vote(
  app: FastifyInstance,
  auth: AuthContext | null,
  id: number,
  helpful: boolean,
): Promise<VoteAnswer> {
  return app.db.transaction().execute(async (tx) => {
    if (!(await repo.findQuestion(tx, id, true))) throw notFound('该问题不存在或已下线');
    let replaced: boolean | null = null;
    if (auth) {
      replaced = await repo.myVote(tx, id, auth.userId);
      if (replaced === helpful) return repo.voteCounts(tx, id);
      await repo.putVote(tx, id, auth.userId, helpful, Date.now());
    }
    await repo.shiftCounts(tx, id, helpful, replaced);
    return repo.voteCounts(tx, id);
  });
}

// ---- back office ----------------------------------------------------------------------------

export async function saveCategory(app: FastifyInstance, a: Actor, b: CategorySaveBody): Promise<{ id: number }> {
  const name = b.name.trim();
  if (!name) throw badInput('请填写分类名称', { field: 'name' });
  return app.db.transaction().execute(async (tx) => {
    if (b.id && !(await repo.findCategory(tx, b.id))) throw notFound('该分类不存在或已删除');
    const same = await repo.categoryNamed(tx, name);
    if (same && Number(same.id) !== b.id) throw new AppError(Codes.faqCategoryNameTaken, 409, '已有同名分类');
    let id = b.id;
    if (id) {
      await repo.updateCategory(tx, id, { name, sort: b.sort });
      for (const qid of await repo.questionIdsIn(tx, id)) await syncQuestionDoc(tx, qid);
    } else id = await repo.insertCategory(tx, { name, sort: b.sort }, Date.now());
    await auditOk(tx, a, b.id ? 'faq_category_updated' : 'faq_category_created', `faq_category:${id}`, name);
    return { id };
  });
}

export async function deleteCategory(app: FastifyInstance, a: Actor, id: number): Promise<void> {
  await app.db.transaction().execute(async (tx) => {
    const c = await repo.findCategory(tx, id);
    if (!c) throw notFound('该分类不存在或已删除');
    const n = await repo.countQuestionsIn(tx, id);
    if (n > 0) throw new AppError(Codes.faqCategoryNotEmpty, 409, `该分类下还有 ${n} 个问题，请先移走或删除`);
    await repo.deleteCategory(tx, id);
    await auditOk(tx, a, 'faq_category_deleted', `faq_category:${id}`, c.name);
  });
}

async function questionRecord(db: Conn, b: Omit<QuestionSaveBody, 'id'>): Promise<repo.QuestionRecord> {
  if (!(await repo.findCategory(db, b.categoryId))) throw badInput('所选分类不存在', { field: 'categoryId' });
  const question = b.question.trim();
  if (!question) throw badInput('请填写问题', { field: 'question' });
  const answer = sanitizeRichText(b.answer);
  if (b.status === 'published' && !richTextToPlain(answer) && !/<img\s/i.test(answer))
    throw badInput('请填写答案后再发布', { field: 'answer' });
  const synonyms = [...new Set(b.synonyms.map((s) => s.replace(/\s+/g, ' ').trim()).filter(Boolean))];
  return { categoryId: b.categoryId, question, answer, synonyms: synonyms.join('\n'), status: b.status, sort: b.sort };
}

export async function saveQuestion(app: FastifyInstance, a: Actor, b: QuestionSaveBody): Promise<{ id: number }> {
  return app.db.transaction().execute(async (tx) => {
    if (b.id && !(await repo.findQuestion(tx, b.id, false))) throw notFound('该问题不存在或已删除');
    const rec = await questionRecord(tx, b);
    const now = Date.now();
    let id = b.id;
    if (id) await repo.updateQuestion(tx, id, rec, now);
    else id = await repo.insertQuestion(tx, rec, a.userId, now);
    await syncQuestionDoc(tx, id);
    await auditOk(tx, a, b.id ? 'faq_question_updated' : 'faq_question_created', `faq_question:${id}`, rec.question);
    return { id };
  });
}

export async function deleteQuestion(app: FastifyInstance, a: Actor, id: number): Promise<void> {
  await app.db.transaction().execute(async (tx) => {
    const q = await repo.findQuestion(tx, id, false);
    if (!q) throw notFound('该问题不存在或已删除');
    await repo.unlinkAsked(tx, id);
    await repo.deleteQuestion(tx, id);
    await syncQuestionDoc(tx, id);
    await auditOk(tx, a, 'faq_question_deleted', `faq_question:${id}`, q.question);
  });
}

/** Tell a signed-in asker where the answer is. */
async function tellAsker(tx: Conn, asked: { userId: number | null; text: string }, questionId: number, now: number) {
  if (!asked.userId) return;
  await sendMessage(tx, {
    userIds: [asked.userId],
    kind: 'notice',
    title: `您在智能助手提出的问题「${asked.text.slice(0, 30)}」已有解答`,
    link: `/web/intelligentAssistant/index?id=${questionId}`,
    at: now,
  });
}

export async function handleAsked(app: FastifyInstance, a: Actor, b: AskedHandleBody): Promise<void> {
  await app.db.transaction().execute(async (tx) => {
    const asked = await repo.findAsked(tx, b.id);
    if (!asked) throw notFound('该问题不存在');
    const now = Date.now();
    if (b.action === 'reopen') {
      if (asked.status === 'open') throw new AppError(Codes.faqAskedHandled, 409, '该问题已在待处理中');
      await repo.setAsked(tx, b.id, { status: 'open', questionId: null, handledBy: null, handledAt: null });
    } else {
      if (asked.status !== 'open') throw new AppError(Codes.faqAskedHandled, 409, '该问题已被处理，请刷新后查看');
      if (b.action === 'link') {
        if (!b.questionId) throw badInput('请选择解答它的问题', { field: 'questionId' });
        if (!(await repo.findQuestion(tx, b.questionId, true)))
          throw badInput('所选问题不存在或未发布', { field: 'questionId' });
        await repo.setAsked(tx, b.id, {
          status: 'answered',
          questionId: b.questionId,
          handledBy: a.userId,
          handledAt: now,
        });
        await tellAsker(tx, asked, b.questionId, now);
      } else
        await repo.setAsked(tx, b.id, { status: 'ignored', questionId: null, handledBy: a.userId, handledAt: now });
    }
    await auditOk(tx, a, `faq_asked_${b.action}`, `faq_asked:${b.id}`, asked.text.slice(0, 100));
  });
}

export async function convertAsked(app: FastifyInstance, a: Actor, b: AskedConvertBody): Promise<{ id: number }> {
  return app.db.transaction().execute(async (tx) => {
    const asked = await repo.findAsked(tx, b.askedId);
    if (!asked) throw notFound('该问题不存在');
    if (asked.status !== 'open') throw new AppError(Codes.faqAskedHandled, 409, '该问题已被处理，请刷新后查看');
    const rec = await questionRecord(tx, b);
    const now = Date.now();
    const id = await repo.insertQuestion(tx, rec, a.userId, now);
    await syncQuestionDoc(tx, id);
    await repo.setAsked(tx, b.askedId, { status: 'answered', questionId: id, handledBy: a.userId, handledAt: now });
    if (rec.status === 'published') await tellAsker(tx, asked, id, now);
    await auditOk(tx, a, 'faq_asked_converted', `faq_asked:${b.askedId}`, `→ faq_question:${id} ${rec.question}`);
    return { id };
  });
}
