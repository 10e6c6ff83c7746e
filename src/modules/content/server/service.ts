import type { FastifyInstance } from 'fastify';
import { audit } from '@/server/identity/audit';
import { badInput, conflict, notFound } from '@/server/errors';
import { richTextToPlain, sanitizeRichText } from '@/server/rich-text/sanitize';
import type {
  HelpArticle,
  HelpArticleInput,
  HelpArticleUpdate,
  HelpCategoryInput,
  NoticeAdminDetail,
  NoticeInput,
  NoticeUpdate,
} from '../contract';
import * as repo from './repository';
import { syncHelpArticleDoc, syncHelpCategoryDocs, syncNoticeDoc } from './search-docs';

/** Who makes a change: written to the audit row. */
export interface Actor {
  userId: number;
  username: string;
  ip: string;
}

const auditOk = (db: repo.Conn, actor: Actor, action: string, target: string, detail?: string) =>
  audit(db, {
    action,
    result: 'ok',
    actorId: actor.userId,
    actorName: actor.username,
    target,
    detail: detail ?? null,
    ip: actor.ip,
  });

/** A field that must hold text once trimmed. */
function required(value: string, field: string, label: string): string {
  const v = value.trim();
  if (!v) throw badInput(`请填写${label}`, { field });
  return v;
}

/** Rich text is only worth keeping if it shows something: text, or an image. */
const hasContent = (html: string) => richTextToPlain(html) !== '' || /<img\s/i.test(html);

// --- notices and news ----------------------------------------------------------------------

async function noticeRecord(db: repo.Conn, n: NoticeInput): Promise<repo.NoticeRecord> {
  const platformId = n.platformId ?? null;
  if (platformId !== null && !(await repo.platformExists(db, platformId)))
    throw badInput('所选平台不存在', { field: 'platformId' });
  return {
    kind: n.kind,
    title: required(n.title, 'title', '标题'),
    summary: n.summary?.trim() || null,
    // Stored sanitised: every page may render it as HTML.
    content: sanitizeRichText(n.content),
    platformId,
  };
}

const KIND_TEXT = { notice: '通知', news: '新闻' } as const;

export async function getNoticeForAdmin(app: FastifyInstance, id: number): Promise<NoticeAdminDetail> {
  const n = await repo.findNotice(app.db, id);
  if (!n) throw notFound('该内容不存在或已删除');
  return n;
}

export async function createNotice(app: FastifyInstance, actor: Actor, input: NoticeInput): Promise<{ id: number }> {
  return app.db.transaction().execute(async (trx) => {
    const rec = await noticeRecord(trx, input);
    const id = await repo.insertNotice(trx, rec, actor.userId, Date.now());
    await auditOk(trx, actor, 'notice_created', `notice:${id}`, `${KIND_TEXT[rec.kind]}《${rec.title}》`);
    return { id };
  });
}

export async function updateNotice(app: FastifyInstance, actor: Actor, input: NoticeUpdate): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    if (!(await repo.noticeStatus(trx, input.id))) throw notFound('该内容不存在或已删除');
    const rec = await noticeRecord(trx, input);
    await repo.updateNotice(trx, input.id, rec, Date.now());
    await syncNoticeDoc(trx, input.id);
    await auditOk(trx, actor, 'notice_updated', `notice:${input.id}`, `${KIND_TEXT[rec.kind]}《${rec.title}》`);
  });
}

export async function publishNotice(app: FastifyInstance, actor: Actor, id: number): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    const n = await repo.findNotice(trx, id);
    if (!n) throw notFound('该内容不存在或已删除');
    if (n.status === 'published') throw conflict('该内容已发布');
    if (!hasContent(n.content)) throw badInput('请填写正文后再发布', { field: 'content' });
    const now = Date.now();
    await repo.setNoticeStatus(trx, id, 'published', now, now);
    await syncNoticeDoc(trx, id);
    await auditOk(trx, actor, 'notice_published', `notice:${id}`, `《${n.title}》`);
  });
}

export async function withdrawNotice(app: FastifyInstance, actor: Actor, id: number): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    const n = await repo.noticeStatus(trx, id);
    if (!n) throw notFound('该内容不存在或已删除');
    if (n.status !== 'published') throw conflict('只有已发布的内容可以撤回');
    await repo.setNoticeStatus(trx, id, 'withdrawn', Date.now());
    await syncNoticeDoc(trx, id);
    await auditOk(trx, actor, 'notice_withdrawn', `notice:${id}`, `《${n.title}》`);
  });
}

export async function deleteNotice(app: FastifyInstance, actor: Actor, id: number): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    const n = await repo.noticeStatus(trx, id);
    if (!n) throw notFound('该内容不存在或已删除');
    if (n.status === 'published') throw conflict('已发布的内容请先撤回再删除');
    await repo.deleteNotice(trx, id);
    await syncNoticeDoc(trx, id);
    await auditOk(trx, actor, 'notice_deleted', `notice:${id}`, `《${n.title}》`);
  });
}

// --- help centre ---------------------------------------------------------------------------

export async function saveHelpCategory(
  app: FastifyInstance,
  actor: Actor,
  input: HelpCategoryInput,
): Promise<{ id: number }> {
  const name = required(input.name, 'name', '分类名称');
  return app.db.transaction().execute(async (trx) => {
    if (input.id && !(await repo.findHelpCategory(trx, input.id))) throw notFound('该分类不存在或已删除');
    if (await repo.helpCategoryNameTaken(trx, name, input.id)) throw badInput('已有同名分类', { field: 'name' });
    const values = { name, sort: input.sort };
    let id = input.id;
    if (id) {
      await repo.updateHelpCategory(trx, id, values);
      await syncHelpCategoryDocs(trx, id);
    } else id = await repo.insertHelpCategory(trx, values);
    await auditOk(
      trx,
      actor,
      input.id ? 'help_category_updated' : 'help_category_created',
      `help_category:${id}`,
      name,
    );
    return { id };
  });
}

export async function deleteHelpCategory(app: FastifyInstance, actor: Actor, id: number): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    const c = await repo.findHelpCategory(trx, id);
    if (!c) throw notFound('该分类不存在或已删除');
    const n = await repo.countArticlesIn(trx, id);
    if (n > 0) throw conflict(`该分类下还有 ${n} 篇文章，请先移走或删除`);
    await repo.deleteHelpCategory(trx, id);
    await auditOk(trx, actor, 'help_category_deleted', `help_category:${id}`, c.name);
  });
}

async function articleRecord(db: repo.Conn, a: HelpArticleInput): Promise<repo.HelpArticleRecord> {
  if (!(await repo.findHelpCategory(db, a.categoryId))) throw badInput('所选分类不存在', { field: 'categoryId' });
  const content = sanitizeRichText(a.content);
  if (a.status === 'published' && !hasContent(content)) throw badInput('请填写正文后再发布', { field: 'content' });
  return {
    categoryId: a.categoryId,
    title: required(a.title, 'title', '标题'),
    content,
    keywords: (a.keywords ?? '').trim(),
    status: a.status,
    sort: a.sort,
  };
}

export async function getHelpArticle(app: FastifyInstance, id: number, publishedOnly: boolean): Promise<HelpArticle> {
  const a = await repo.findHelpArticle(app.db, id, publishedOnly);
  if (!a) throw notFound('该文章不存在或未发布');
  return a;
}

export async function createHelpArticle(
  app: FastifyInstance,
  actor: Actor,
  input: HelpArticleInput,
): Promise<{ id: number }> {
  return app.db.transaction().execute(async (trx) => {
    const rec = await articleRecord(trx, input);
    const id = await repo.insertHelpArticle(trx, rec, actor.userId, Date.now());
    await syncHelpArticleDoc(trx, id);
    await auditOk(trx, actor, 'help_article_created', `help_article:${id}`, `《${rec.title}》`);
    return { id };
  });
}

export async function updateHelpArticle(app: FastifyInstance, actor: Actor, input: HelpArticleUpdate): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    if (!(await repo.findHelpArticle(trx, input.id, false))) throw notFound('该文章不存在或已删除');
    const rec = await articleRecord(trx, input);
    await repo.updateHelpArticle(trx, input.id, rec, Date.now());
    await syncHelpArticleDoc(trx, input.id);
    await auditOk(trx, actor, 'help_article_updated', `help_article:${input.id}`, `《${rec.title}》`);
  });
}

export async function deleteHelpArticle(app: FastifyInstance, actor: Actor, id: number): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    const a = await repo.findHelpArticle(trx, id, false);
    if (!a) throw notFound('该文章不存在或已删除');
    await repo.deleteHelpArticle(trx, id);
    await syncHelpArticleDoc(trx, id);
    await auditOk(trx, actor, 'help_article_deleted', `help_article:${id}`, `《${a.title}》`);
  });
}
