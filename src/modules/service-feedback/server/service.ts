import type { FastifyInstance } from 'fastify';
import type { Insertable } from 'kysely';
import { AppError, noPermission, notFound } from '@/server/errors';
import { getSetting, putSetting } from '@/server/identity/settings';
import { Codes } from '@/shared/errors';
import { stripEmoji } from '@/shared/emoji';
import type { Db } from '@/server/db/dialect';
import { sendMessage } from '@/modules/messages/server/commands/send-message';
import { settleMessages } from '@/modules/messages/server/commands/settle-messages';
import {
  ENDED_INSTANCE_STATUSES,
  endedInstancesOf,
  instanceSummary,
} from '@/modules/workflow/server/commands/instances';
import {
  canSeeItem,
  getServiceItem,
  itemForProcess,
  itemsByIds,
  viewerOf,
  type ServiceItemRef,
} from '@/modules/service-hall/server/commands/items';
import { endedBookingsOf, getBooking, type BookingRef } from '@/modules/service-booking/server/commands/bookings';
import type { AuthContext } from '@/server/identity/sessions';
import {
  DEFAULT_RECTIFY_DAYS,
  RATE_WINDOW_DAYS,
  isBadLevel,
  type FeedbackSettings,
  type ItemReviews,
  type ItemReviewsQuery,
  type LabelSaveBody,
  type RateBody,
  type ReplyBody,
  type RectifyVisitBody,
  type SubjectKind,
} from '../contract';
import * as repo from './repository';
import type { FbRateableTable } from './tables';

const DAY = 24 * 3600_000;
const SETTINGS_KEY = 'serviceFeedback.settings';
export const RECTIFY_PATH = '/web/feedback/rectification';
export const MINE_PATH = '/web/feedback/index?tab=mine';

/** The messages' subject of a rectification (messages settleMessages). */
export const rectifySubject = (id: number) => `fb_rect:${id}`;

export const windowStart = (now: number) => now - RATE_WINDOW_DAYS * DAY;

/** 'YYYY-MM' of an instant in Beijing time (the statistics' period). */
export const monthOf = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 7);
export const beijing = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

const notRateable = (message?: string) => new AppError(Codes.feedbackNotRateable, 409, message);
const alreadyRated = () => new AppError(Codes.feedbackAlreadyRated, 409);
const wrongState = (message?: string) => new AppError(Codes.feedbackRectifyWrongState, 409, message);

/** A unique index refused the row (SQLite or PostgreSQL): a racing second rating. */
const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; message?: string };
  return err?.code === '23505' || err?.code === 'SQLITE_CONSTRAINT_UNIQUE';
};

// --- settings ----------------------------------------------------------------------------------

export async function settingsOf(db: Db): Promise<FeedbackSettings> {
  const s = await getSetting<Partial<FeedbackSettings>>(db, SETTINGS_KEY);
  return { rectifyDays: s?.rectifyDays ?? DEFAULT_RECTIFY_DAYS };
}

export async function saveSettings(db: Db, s: FeedbackSettings): Promise<FeedbackSettings> {
  await putSetting(db, SETTINGS_KEY, s);
  return s;
}

// --- what the applicant may rate ------------------------------------------------------------------

const bookingEnded = (b: BookingRef, now: number) =>
  b.status === 'attended' || (b.status === 'booked' && b.slotEnd <= now);

const bookingTitle = (item: ServiceItemRef, b: BookingRef) => `${item.name}（预约 ${beijing(b.slotStart)}）`;

const rateableRow = (
  kind: SubjectKind,
  refId: number,
  userId: number,
  item: ServiceItemRef,
  title: string,
  endedAt: number,
): Insertable<FbRateableTable> => ({
  kind,
  refId,
  userId,
  itemId: item.id,
  itemName: item.name,
  departmentId: item.departmentId,
  departmentName: item.departmentName,
  title,
  endedAt,
  evaluationId: null,
});

/**
 * Brings the user's ended applications (instances of a published item's process) and ended
 * bookings of the rating window into fb_rateable, so 待评价 is one paged query on our own table.
 * Runs when the user looks: a few reads of their own rows, nothing for others.
 */
export async function syncRateables(db: Db, userId: number, now: number): Promise<void> {
  const since = windowStart(now);
  const rows: Insertable<FbRateableTable>[] = [];

  const instances = await endedInstancesOf(db, userId, { endedSince: since, limit: 200 });
  const knownInstances = await repo.knownRefIds(
    db,
    'instance',
    instances.map((i) => i.id),
  );
  const itemOfProcess = new Map<number, ServiceItemRef | null>();
  for (const inst of instances) {
    if (knownInstances.has(inst.id) || inst.endedAt === null) continue;
    if (!itemOfProcess.has(inst.processId)) itemOfProcess.set(inst.processId, await itemForProcess(db, inst.processId));
    const item = itemOfProcess.get(inst.processId);
    if (item) rows.push(rateableRow('instance', inst.id, userId, item, inst.title || item.name, inst.endedAt));
  }

  const bookings = (await endedBookingsOf(db, userId, { page: 1, pageSize: 100 }, now)).list.filter(
    (b) => bookingEnded(b, now) && b.slotEnd >= since,
  );
  const knownBookings = await repo.knownRefIds(
    db,
    'booking',
    bookings.map((b) => b.id),
  );
  const fresh = bookings.filter((b) => !knownBookings.has(b.id));
  const items = new Map((await itemsByIds(db, [...new Set(fresh.map((b) => b.itemId))])).map((i) => [i.id, i]));
  for (const b of fresh) {
    const item = items.get(b.itemId);
    if (item) rows.push(rateableRow('booking', b.id, userId, item, bookingTitle(item, b), b.slotEnd));
  }
  await repo.insertRateables(db, rows);
}

export async function pending(db: Db, userId: number, q: { page: number; pageSize: number }, now = Date.now()) {
  await syncRateables(db, userId, now);
  const r = await repo.pendingPage(db, userId, windowStart(now), q);
  return { ...r, page: q.page, pageSize: q.pageSize };
}

/**
 * What the user rates, checked afresh: their own (else 403 — never rate another's), ended within
 * the window, of a service item (else 0x00000821).
 */
async function subjectToRate(
  db: repo.Conn,
  userId: number,
  kind: SubjectKind,
  refId: number,
  now: number,
): Promise<{ item: ServiceItemRef; title: string; endedAt: number }> {
  if (kind === 'instance') {
    const s = await instanceSummary(db, refId);
    if (!s) throw notFound('办件不存在');
    if (s.applicantId !== userId) throw noPermission('只能评价本人的办件');
    if (!(ENDED_INSTANCE_STATUSES as readonly string[]).includes(s.status) || s.endedAt === null)
      throw notRateable('该申请尚未办结，办结后才能评价');
    if (s.endedAt < windowStart(now)) throw notRateable(`办结超过 ${RATE_WINDOW_DAYS} 天的办件不能再评价`);
    const item = await itemForProcess(db, s.processId);
    if (!item) throw notRateable('该申请不属于办事大厅的事项');
    return { item, title: s.title || item.name, endedAt: s.endedAt };
  }
  const b = await getBooking(db, refId);
  if (!b) throw notFound('预约不存在');
  if (b.userId !== userId) throw noPermission('只能评价本人的预约');
  if (!bookingEnded(b, now)) throw notRateable('预约办理结束后才能评价');
  if (b.slotEnd < windowStart(now)) throw notRateable(`超过 ${RATE_WINDOW_DAYS} 天的预约不能再评价`);
  const item = await getServiceItem(db, b.itemId);
  if (!item) throw notRateable('该预约的事项已不存在');
  return { item, title: bookingTitle(item, b), endedAt: b.slotEnd };
}

/**
 * Records the applicant's rating; a 差评 opens a rectification for the item's department (deadline
 * from the settings) and tells its staff — all in one transaction.
 */
export async function rate(
  app: FastifyInstance,
  user: { id: number },
  body: RateBody,
  now = Date.now(),
): Promise<{ id: number; rectificationId: number | null }> {
  const { rectifyDays } = await settingsOf(app.db);
  try {
    return await app.db.transaction().execute(async (trx) => {
      const s = await subjectToRate(trx, user.id, body.kind, body.refId, now);
      if (await repo.evaluationOf(trx, body.kind, body.refId)) throw alreadyRated();
      const ids = [...new Set(body.labelIds)];
      const labels = await repo.labelsByIds(trx, ids);
      if (labels.length !== ids.length || labels.some((l) => !l.enabled || l.level !== body.level))
        throw new AppError(Codes.feedbackBadLabel, 400, undefined, { field: 'labelIds' });
      const id = await repo.insertEvaluation(trx, {
        kind: body.kind,
        refId: body.refId,
        itemId: s.item.id,
        itemName: s.item.name,
        departmentId: s.item.departmentId,
        departmentName: s.item.departmentName,
        userId: user.id,
        title: s.title,
        itemPublic: await canSeeItem(trx, null, s.item.id),
        level: body.level,
        labels: labels.map((l) => l.name),
        comment: stripEmoji(body.comment).trim(),
        anonymous: body.anonymous,
        month: monthOf(now),
        createdAt: now,
      });
      await repo.markRated(trx, rateableRow(body.kind, body.refId, user.id, s.item, s.title, s.endedAt), id);
      let rectificationId: number | null = null;
      if (isBadLevel(body.level)) {
        const deadline = now + rectifyDays * DAY;
        rectificationId = await repo.insertRectification(trx, {
          evaluationId: id,
          itemId: s.item.id,
          departmentId: s.item.departmentId,
          deadline,
          createdAt: now,
        });
        await sendMessage(trx, {
          userIds: await repo.departmentStaff(trx, s.item.departmentId),
          kind: 'task',
          title: `差评整改：「${s.item.name}」收到一条差评，请于 ${beijing(deadline)} 前答复`,
          link: RECTIFY_PATH,
          subject: rectifySubject(rectificationId),
          at: now,
        });
      }
      return { id, rectificationId };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw alreadyRated();
    throw e;
  }
}

// --- public ------------------------------------------------------------------------------------

export async function itemReviews(db: Db, auth: AuthContext | null, q: ItemReviewsQuery): Promise<ItemReviews> {
  const viewer = await viewerOf(db, auth);
  if (!(await canSeeItem(db, viewer, q.itemId))) throw notFound('事项不存在或未公开');
  const item = await getServiceItem(db, q.itemId);
  if (!item) throw notFound('事项不存在或未公开');
  const [sat, labels, page] = await Promise.all([
    repo.itemSatisfaction(db, q.itemId),
    repo.itemLabelCounts(db, q.itemId),
    repo.itemReviewPage(db, q),
  ]);
  return {
    item: { id: item.id, name: item.name, departmentName: item.departmentName },
    ...sat,
    labels,
    page: q.page,
    pageSize: q.pageSize,
    listTotal: page.total,
    list: page.list,
  };
}

// --- the department ------------------------------------------------------------------------------

/** The department whose rectifications the caller works on: their own; administrators all (null). */
export async function rectifyScope(db: Db, auth: AuthContext): Promise<number | null> {
  if (auth.isAdmin) return null;
  const u = await repo.userBrief(db, auth.userId);
  if (!u?.departmentId) throw noPermission('您没有所属部门，无法处理差评整改');
  return Number(u.departmentId);
}

async function ownRectification(trx: repo.Conn, id: number, scope: number | null) {
  const r = await repo.findRectification(trx, id);
  if (!r) throw notFound('整改单不存在');
  if (scope !== null && Number(r.departmentId) !== scope) throw noPermission('只能处理本部门的整改单');
  return r;
}

/** The department answers a 差评; the applicant is told and sees the answer with their rating. */
export async function replyRectification(app: FastifyInstance, auth: AuthContext, body: ReplyBody, now = Date.now()) {
  const scope = await rectifyScope(app.db, auth);
  await app.db.transaction().execute(async (trx) => {
    const r = await ownRectification(trx, body.id, scope);
    const done = await repo.updateRectification(trx, body.id, 'open', {
      status: 'replied',
      reply: stripEmoji(body.reply).trim(),
      repliedAt: now,
      repliedByName: auth.realName || auth.username,
    });
    if (!done) throw wrongState('该整改单已答复或已办结');
    // The department's 差评整改 notices are done once anyone of it answers.
    await settleMessages(trx, [rectifySubject(body.id)], now);
    await sendMessage(trx, {
      userIds: [Number(r.userId)],
      kind: 'result',
      title: `您对「${r.itemName}」的评价已收到部门整改答复`,
      link: MINE_PATH,
      at: now,
    });
  });
}

/** The return visit (回访) closes an answered rectification. */
export async function visitRectification(
  app: FastifyInstance,
  auth: AuthContext,
  body: RectifyVisitBody,
  now = Date.now(),
) {
  const scope = await rectifyScope(app.db, auth);
  await app.db.transaction().execute(async (trx) => {
    await ownRectification(trx, body.id, scope);
    const done = await repo.updateRectification(trx, body.id, 'replied', {
      status: 'closed',
      visitResult: stripEmoji(body.result).trim(),
      visitSatisfied: body.satisfied ? 1 : 0,
      visitedAt: now,
      closedAt: now,
    });
    if (!done) throw wrongState('请先答复，再登记回访；已办结的整改单不能再回访');
  });
}

/**
 * The overdue job: open rectifications past their deadline are flagged once and their
 * department's staff told (kind 'urge'), in one transaction per run so a retry never tells twice.
 */
export async function flagOverdueRectifications(db: Db, now = Date.now()): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const rows = await repo.newlyOverdue(trx, now, 1000);
    await repo.flagOverdue(
      trx,
      rows.map((r) => Number(r.id)),
      now,
    );
    const byDept = new Map<number, string[]>();
    for (const r of rows)
      byDept.set(Number(r.departmentId), [...(byDept.get(Number(r.departmentId)) ?? []), r.itemName]);
    for (const [dept, names] of byDept) {
      const staff = await repo.departmentStaff(trx, dept);
      if (!staff.length) continue;
      await sendMessage(trx, {
        userIds: staff,
        kind: 'urge',
        title: `差评整改已逾期：${names.length} 条（${[...new Set(names)].slice(0, 3).join('、')}${names.length > 3 ? '等' : ''}）`,
        link: RECTIFY_PATH,
        at: now,
      });
    }
    return rows.length;
  });
}

// --- back office ---------------------------------------------------------------------------------

export async function replyEvaluation(
  app: FastifyInstance,
  auth: AuthContext,
  id: number,
  reply: string,
  now = Date.now(),
) {
  await app.db.transaction().execute(async (trx) => {
    const e = await repo.findEvaluation(trx, id);
    if (!e) throw notFound('评价不存在');
    await repo.replyEvaluation(trx, id, {
      reply: stripEmoji(reply).trim(),
      repliedAt: now,
      repliedByName: auth.realName || auth.username,
    });
    await sendMessage(trx, {
      userIds: [Number(e.userId)],
      kind: 'result',
      title: `您对「${e.itemName}」的评价收到了回复`,
      link: MINE_PATH,
      at: now,
    });
  });
}

export async function saveLabel(db: Db, body: LabelSaveBody, now = Date.now()): Promise<number> {
  const name = stripEmoji(body.name).trim();
  return db.transaction().execute(async (trx) => {
    const same = await repo.findLabelByName(trx, body.level, name);
    if (same !== null && same !== body.id)
      throw new AppError(Codes.conflict, 409, '该等级下已有同名标签', { field: 'name' });
    if (body.id === undefined) return repo.insertLabel(trx, { ...body, name }, now);
    if (!(await repo.updateLabel(trx, body.id, { ...body, name }))) throw notFound('标签不存在');
    return body.id;
  });
}
