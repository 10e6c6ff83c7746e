import type { FastifyInstance } from 'fastify';
import type { Readable } from 'node:stream';
import { AppError, badInput, notFound } from '@/server/errors';
import { readSheet } from '@/server/excel/read';
import { richTextToPlain, sanitizeRichText } from '@/server/rich-text/sanitize';
import { fileUrl } from '@/server/uploads/store';
import { Codes } from '@/shared/errors';
import { stripEmoji } from '@/shared/emoji';
import type { Page } from '@/shared/envelope';
import { sendMessage } from '@/modules/messages/server/commands/send-message';
import {
  receiptTotals,
  receiptsByDepartment,
  unreadRecipients,
  wasSentAbout,
  withdrawMessages,
} from '@/modules/messages/server/commands/subject-receipts';
import { instanceStates } from '@/modules/workflow/server/commands/instances';
import {
  LIMITS,
  releaseSubject,
  variablesOf,
  VARIABLE_PATTERN,
  viewPath,
  type Attachment,
  type Audience,
  type AudienceCount,
  type AudienceOptions,
  type RecipientListAnswer,
  type ReleaseBody,
  type ReleaseDetail,
  type ReleaseItem,
  type ReleaseListQuery,
  type ReleaseStatus,
  type ReleaseView,
  type TemplateBody,
  type TemplateItem,
  type TemplateListQuery,
  type UnreadQuery,
} from '../contract';
import { startReleaseApproval } from './approval';
import * as repo from './repository';
import type { MpReleaseRow, MpTemplateRow } from './tables';

export interface Actor {
  userId: number;
  isAdmin: boolean;
}

/** Recipients per delivery transaction: each chunk's messages and the cursor commit together. */
export const DELIVERY_CHUNK = 1000;
export const DELIVER_JOB = 'message-publish.deliver';

const wrongState = (message: string) => new AppError(Codes.messageReleaseWrongState, 409, message);
const json = <T>(text: string) => JSON.parse(text) as T;

// ---------------------------------------------------------------- templates

function templateItem(r: MpTemplateRow, a: Actor): TemplateItem {
  return {
    id: r.id,
    name: r.name,
    category: r.category,
    title: r.title,
    content: r.content,
    variables: json<string[]>(r.variables),
    createdByName: r.createdByName,
    mine: r.createdBy === a.userId,
    updatedAt: Number(r.updatedAt),
  };
}

export async function listTemplates(app: FastifyInstance, a: Actor, q: TemplateListQuery): Promise<Page<TemplateItem>> {
  const { list, total } = await repo.templatePage(app.db, q);
  return { list: list.map((r) => templateItem(r, a)), total, page: q.page, pageSize: q.pageSize };
}

export const templateCategories = (app: FastifyInstance) => repo.templateCategories(app.db);

/** A template is shared by every publisher; only its author or an administrator changes it (others: 404). */
async function ownTemplate(app: FastifyInstance, a: Actor, id: number): Promise<MpTemplateRow> {
  const t = await repo.findTemplate(app.db, id);
  if (!t || (t.createdBy !== a.userId && !a.isAdmin)) throw notFound('模板不存在');
  return t;
}

function cleanTemplate(body: TemplateBody) {
  const title = stripEmoji(body.title).trim();
  const content = sanitizeRichText(body.content);
  if (!title) throw badInput('请输入消息标题', { field: 'title' });
  if (!richTextToPlain(content).trim()) throw badInput('请输入消息内容', { field: 'content' });
  return {
    name: stripEmoji(body.name).trim() || title,
    category: stripEmoji(body.category).trim() || '通知',
    title,
    content,
    variables: JSON.stringify(variablesOf(title, content)),
  };
}

export async function saveTemplate(app: FastifyInstance, a: Actor, body: TemplateBody): Promise<{ id: number }> {
  const clean = cleanTemplate(body);
  const now = Date.now();
  if (body.id) {
    await ownTemplate(app, a, body.id);
    await repo.updateTemplate(app.db, body.id, { ...clean, updatedAt: now });
    return { id: body.id };
  }
  const me = await repo.userName(app.db, a.userId);
  const id = await repo.insertTemplate(app.db, {
    ...clean,
    createdBy: a.userId,
    createdByName: me?.realName || me?.username || '',
    createdAt: now,
    updatedAt: now,
  });
  return { id };
}

export async function deleteTemplate(app: FastifyInstance, a: Actor, id: number): Promise<void> {
  await ownTemplate(app, a, id);
  await repo.deleteTemplate(app.db, id);
}

// ---------------------------------------------------------------- audience

export async function audienceOptions(app: FastifyInstance): Promise<AudienceOptions> {
  const [departments, roles, platforms] = await Promise.all([
    repo.departmentOptions(app.db),
    repo.roleOptions(app.db),
    repo.platformOptions(app.db),
  ]);
  return { departments, roles, platforms };
}

export async function countAudience(app: FastifyInstance, a: Audience): Promise<AudienceCount> {
  return { count: await repo.audienceCount(app.db, a), needsApproval: a.all };
}

/** What the lists show for an audience: 全校, or the names it picks (the first three, then 等 n 项). */
export async function audienceText(db: repo.Conn, a: Audience): Promise<string> {
  if (a.all) return '全校';
  const [depts, classes, roles, platforms] = await Promise.all([
    repo.namesOf(db, 'department', a.departmentIds),
    repo.namesOf(db, 'department', a.classIds),
    repo.roleNames(db, a.roleCodes),
    repo.namesOf(db, 'platform', a.platformIds),
  ]);
  const names = [...depts, ...classes, ...roles, ...platforms].map((x) => x.name);
  if (a.userIds.length) names.push(`${a.userIds.length} 名指定人员`);
  return names.length > 3 ? `${names.slice(0, 3).join('、')} 等 ${names.length} 项` : names.join('、');
}

const NO_HEADERS = ['学号', '工号', '学工号', '学号/工号'];

/**
 * An uploaded list (.xlsx, a 学号/工号 column): the people it names, and per row what is wrong
 * (empty, repeated, nobody with that number). Nothing is stored: the page keeps the ids.
 */
export async function readRecipientList(app: FastifyInstance, input: Readable): Promise<RecipientListAnswer> {
  const sheet = await readSheet(input, LIMITS.audienceUsers);
  const header = NO_HEADERS.find((h) => sheet.headers.includes(h));
  if (!header) throw new AppError(Codes.messageRecipientList, 400, '名单缺少“学号/工号”列');
  if (!sheet.rows.length) throw new AppError(Codes.messageRecipientList, 400, '名单中没有数据行');
  const nos = [...new Set(sheet.rows.map((r) => r.cells[header] ?? '').filter(Boolean))];
  const found = new Map((await repo.usersByNo(app.db, nos)).map((u) => [u.userNo, u]));
  const errors: RecipientListAnswer['errors'] = [];
  const seen = new Set<string>();
  const users: RecipientListAnswer['users'] = [];
  for (const { rowNumber, cells } of sheet.rows) {
    const no = cells[header] ?? '';
    if (!no) errors.push({ row: rowNumber, message: `${header}为空` });
    else if (seen.has(no)) errors.push({ row: rowNumber, message: `${no} 重复` });
    else if (!found.has(no)) errors.push({ row: rowNumber, message: `${no} 不是本校在用账号` });
    else users.push(found.get(no)!);
    seen.add(no);
  }
  return { users, errors };
}

// ---------------------------------------------------------------- releases

/** `{{变量}}` filled with the given values (HTML-escaped in the rich text); a missing one is refused. */
function fillVariables(text: string, values: Record<string, string>, html: boolean): string {
  return text.replace(VARIABLE_PATTERN, (_, name: string) => {
    const v = stripEmoji(values[name] ?? '').trim();
    if (!v) throw new AppError(Codes.messageTemplateVariable, 400, `请填写模板变量“${name}”`, { field: name });
    return html ? v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`) : v;
  });
}

async function checkedAttachments(app: FastifyInstance, a: Actor, list: Attachment[]): Promise<Attachment[]> {
  const ids = [...new Set(list.map((x) => x.id))];
  const own = await repo.ownAttachments(app.db, a.userId, ids);
  if (own.length !== ids.length) throw badInput('附件无效，请重新上传', { field: 'attachments' });
  return own.map((u) => ({ id: u.id, name: u.originalName, size: u.size, url: fileUrl(u.id) }));
}

const beijing = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

/**
 * A new release: variables filled, text sanitised, attachments checked, the audience counted in
 * SQL (nobody → refused). The whole school waits for its approval (workflow); anything else is
 * queued for its time (now or the scheduled minute). One transaction.
 */
export async function createRelease(
  app: FastifyInstance,
  a: Actor,
  body: ReleaseBody,
): Promise<{ id: number; status: ReleaseStatus }> {
  const now = Date.now();
  const title = fillVariables(stripEmoji(body.title).trim(), body.variables, false).slice(0, LIMITS.title);
  if (!title) throw badInput('请输入消息标题', { field: 'title' });
  const content = sanitizeRichText(fillVariables(body.content, body.variables, true));
  const plain = richTextToPlain(content).trim();
  if (!plain) throw badInput('请输入消息内容', { field: 'content' });
  const publishAt = body.publishAt ?? now;
  // A minute's grace: a time picked on the page may pass while the form is sent.
  if (publishAt < now - 60_000)
    throw new AppError(Codes.messageBadSchedule, 400, '定时发布时间不能早于现在', { field: 'publishAt' });
  if (publishAt > now + LIMITS.scheduleAheadMs)
    throw new AppError(Codes.messageBadSchedule, 400, '定时发布时间最多提前 180 天', { field: 'publishAt' });
  const attachments = await checkedAttachments(app, a, body.attachments);
  const audience = body.audience;
  const count = await repo.audienceCount(app.db, audience);
  if (!count) throw new AppError(Codes.messageAudienceEmpty, 400, '接收范围内没有任何用户', { field: 'audience' });
  const me = await repo.userName(app.db, a.userId);
  const publisherName = me?.realName || me?.username || '';

  const { id, status } = await app.db.transaction().execute(async (trx) => {
    const text = await audienceText(trx, audience);
    const status: ReleaseStatus = audience.all ? 'approving' : 'scheduled';
    const id = await repo.insertRelease(trx, {
      publisherId: a.userId,
      publisherName,
      title,
      content,
      attachments: JSON.stringify(attachments),
      audience: JSON.stringify(audience),
      audienceText: text,
      status,
      publishAt,
      instanceId: null,
      lastUserId: 0,
      recipients: 0,
      sentAt: null,
      withdrawnAt: null,
      createdAt: now,
    });
    if (audience.all) {
      const instanceId = await startReleaseApproval(
        trx,
        { id: a.userId, name: publisherName },
        { title, audience: `${text}（约 ${count} 人）`, publishAt: beijing(publishAt), summary: plain.slice(0, 500) },
        now,
      );
      await trx.updateTable('mpRelease').set({ instanceId }).where('id', '=', id).execute();
    }
    return { id, status };
  });
  if (status === 'scheduled') await app.jobs.enqueue(DELIVER_JOB, { releaseId: id }, { runAt: publishAt });
  return { id, status };
}

/** The caller's own release; anybody else's answers 404 (an administrator's too: 我的发布 is personal). */
async function ownRelease(app: FastifyInstance, a: Actor, id: number): Promise<MpReleaseRow> {
  const r = await repo.findRelease(app.db, id);
  if (!r || r.publisherId !== a.userId) throw notFound('消息不存在');
  return r;
}

async function itemOf(app: FastifyInstance, r: MpReleaseRow): Promise<ReleaseItem> {
  const t = await receiptTotals(app.db, releaseSubject(r.id));
  return {
    id: r.id,
    title: r.title,
    status: r.status as ReleaseStatus,
    audienceText: r.audienceText,
    publishAt: Number(r.publishAt),
    sentAt: r.sentAt === null ? null : Number(r.sentAt),
    recipients: t.total,
    read: t.read,
    createdAt: Number(r.createdAt),
  };
}

export async function listReleases(app: FastifyInstance, a: Actor, q: ReleaseListQuery): Promise<Page<ReleaseItem>> {
  const { list, total } = await repo.releasePage(app.db, a.userId, q);
  return { list: await Promise.all(list.map((r) => itemOf(app, r))), total, page: q.page, pageSize: q.pageSize };
}

export async function releaseDetail(app: FastifyInstance, a: Actor, id: number): Promise<ReleaseDetail> {
  const r = await ownRelease(app, a, id);
  return {
    ...(await itemOf(app, r)),
    content: r.content,
    attachments: json<Attachment[]>(r.attachments),
    audience: json<Audience>(r.audience),
    withdrawnAt: r.withdrawnAt === null ? null : Number(r.withdrawnAt),
    instanceId: r.instanceId,
    publisherName: r.publisherName,
    byDepartment: await receiptsByDepartment(app.db, releaseSubject(r.id)),
  };
}

export async function unreadList(app: FastifyInstance, a: Actor, q: UnreadQuery) {
  await ownRelease(app, a, q.id);
  const { list, total } = await unreadRecipients(app.db, releaseSubject(q.id), q);
  return { list, total, page: q.page, pageSize: q.pageSize };
}

/** The release as its recipients read it: its publisher, or somebody it was sent to (others 404). */
export async function viewRelease(app: FastifyInstance, a: Actor, id: number): Promise<ReleaseView> {
  const r = await repo.findRelease(app.db, id);
  const allowed = r && (r.publisherId === a.userId || (await wasSentAbout(app.db, releaseSubject(id), a.userId)));
  if (!r || !allowed) throw notFound('消息不存在或已撤回');
  return {
    id: r.id,
    title: r.title,
    content: r.content,
    attachments: json<Attachment[]>(r.attachments),
    publisherName: r.publisherName,
    sentAt: r.sentAt === null ? null : Number(r.sentAt),
  };
}

/** Withdraws a release: it will not go out, and what went out leaves every recipient's list (one transaction). */
export async function withdrawRelease(app: FastifyInstance, a: Actor, id: number): Promise<{ removed: number }> {
  const r = await ownRelease(app, a, id);
  return app.db.transaction().execute(async (trx) => {
    const moved = await repo.moveRelease(trx, r.id, ['approving', 'scheduled', 'sending', 'sent'], {
      status: 'withdrawn',
      withdrawnAt: Date.now(),
    });
    if (!moved) throw wrongState('该消息已撤回或未通过审批');
    return { removed: await withdrawMessages(trx, releaseSubject(r.id)) };
  });
}

// ---------------------------------------------------------------- delivery (jobs)

/**
 * Sends a scheduled release to its audience: recipients read in SQL by id after the cursor, a
 * chunk's messages and the cursor's move in one transaction. A retry resumes after the last
 * committed chunk; a second runner or a withdrawal in between makes the cursor move fail and its
 * chunk roll back — every recipient gets the message exactly once. Answers messages written.
 */
export async function deliverRelease(app: FastifyInstance, id: number): Promise<number> {
  const start = await repo.findRelease(app.db, id);
  if (!start || !['scheduled', 'sending'].includes(start.status)) return 0;
  if (start.status === 'scheduled') await repo.moveRelease(app.db, id, ['scheduled'], { status: 'sending' });
  const audience = json<Audience>(start.audience);
  const body = richTextToPlain(start.content).trim();
  let written = 0;
  for (;;) {
    const r = await repo.findRelease(app.db, id);
    if (!r || r.status !== 'sending') return written;
    const ids = await repo.audienceChunk(app.db, audience, r.lastUserId, DELIVERY_CHUNK);
    if (!ids.length) {
      await repo.moveRelease(app.db, id, ['sending'], { status: 'sent', sentAt: Date.now() });
      return written;
    }
    const sent = await app.db
      .transaction()
      .execute(async (trx) => {
        const n = await sendMessage(trx, {
          userIds: ids,
          kind: 'notice',
          title: r.title,
          body,
          link: viewPath(id),
          subject: releaseSubject(id),
          at: Number(r.publishAt),
        });
        if (!(await repo.advanceCursor(trx, id, r.lastUserId, ids[ids.length - 1]!, n))) throw new StaleCursor();
        return n;
      })
      .catch((e: unknown) => {
        if (e instanceof StaleCursor) return 0;
        throw e;
      });
    written += sent;
  }
}

class StaleCursor extends Error {}

/** Whole-school releases whose approval ended: approved → queued for their time; otherwise 审批未通过. */
export async function settleApprovals(app: FastifyInstance): Promise<number> {
  const waiting = await repo.approvingReleases(app.db, 200);
  const states = await instanceStates(
    app.db,
    waiting.map((w) => w.instanceId).filter((x): x is number => x !== null),
  );
  let settled = 0;
  for (const w of waiting) {
    const s = w.instanceId === null ? undefined : states.get(w.instanceId)?.status;
    if (s === 'approved') {
      if (await repo.moveRelease(app.db, w.id, ['approving'], { status: 'scheduled' })) {
        await app.jobs.enqueue(DELIVER_JOB, { releaseId: w.id }, { runAt: Math.max(Number(w.publishAt), Date.now()) });
        settled++;
      }
    } else if (s === 'rejected' || s === 'withdrawn' || s === 'terminated') {
      if (await repo.moveRelease(app.db, w.id, ['approving'], { status: 'rejected' })) settled++;
    }
  }
  return settled;
}

/**
 * The minute job's safety net: a release due for two minutes and still not sent (its queued
 * delivery lost, a demo seed's, a crash mid-way) is delivered now — the cursor makes it harmless
 * if its own delivery runs too.
 */
export async function deliverOverdue(app: FastifyInstance, now: number): Promise<number> {
  let n = 0;
  for (const r of await repo.dueReleases(app.db, now - 2 * 60_000, 20)) n += await deliverRelease(app, r.id);
  return n;
}

/**
 * Who may download a message attachment: its uploader, and the recipients of a release that carries
 * it (the file server asks, `fileReadRules`); everybody else is refused.
 */
export async function mayReadAttachment(
  app: FastifyInstance,
  userId: number,
  file: { id: string; ownerId: number | null },
) {
  if (file.ownerId === userId) return true;
  for (const r of await repo.releasesWithAttachment(app.db, file.id))
    if (r.publisherId === userId || (await wasSentAbout(app.db, releaseSubject(r.id), userId))) return true;
  return false;
}
