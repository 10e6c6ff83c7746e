import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '@/server/identity/sessions';
import { AppError, badInput, noPermission, notFound } from '@/server/errors';
import { Codes } from '@/shared/errors';
import { canSeeItem, getServiceItem, viewerOf } from '@/modules/service-hall/server/commands/items';
import { sendMessage } from '@/modules/messages/server/commands/send-message';
import type {
  CallbackActBody,
  CallbackBody,
  CallbackDetail,
  CallbackListQuery,
  CallbackRow,
  CallbackStatus,
} from '../contract';
import * as repo from './repository';
import { itemNamesOf } from './booking';
import { inScope, staffDepartments, type Actor } from './scope';
import { beijingLabel, DAY_MS } from './time';

const MAX_AHEAD_MS = 30 * DAY_MS;

function toRow(c: repo.CallbackRecord, names: Map<number, string>, now: number, withUser: boolean): CallbackRow {
  return {
    id: c.id,
    itemId: c.itemId,
    itemName: names.get(c.itemId) ?? '',
    departmentName: c.departmentName,
    topic: c.topic,
    detail: c.detail,
    phone: c.phone,
    windowStart: c.windowStart,
    windowEnd: c.windowEnd,
    status: c.status,
    handlerName: c.handlerName,
    calledAt: c.calledAt,
    outcome: c.outcome,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    overdue: (c.status === 'pending' || c.status === 'accepted') && now > c.windowEnd,
    ...(withUser ? { userName: c.userName, userNo: c.userNo } : {}),
  };
}

async function rows(db: repo.Conn, list: repo.CallbackRecord[], now: number, withUser: boolean) {
  const names = await itemNamesOf(
    db,
    list.map((c) => c.itemId),
  );
  return list.map((c) => toRow(c, names, now, withUser));
}

/** The item a call-back may be asked about: published and visible to the caller. */
export async function itemBrief(app: FastifyInstance, auth: AuthContext | null, itemId: number) {
  const item = await getServiceItem(app.db, itemId);
  if (!item || item.status !== 'published' || !(await canSeeItem(app.db, await viewerOf(app.db, auth), item.id)))
    throw notFound('服务事项不存在或未开放');
  return { id: item.id, name: item.name, departmentName: item.departmentName };
}

/** A call-back request for an item the caller may see, routed to the item's department (its staff get a message). */
export async function create(
  app: FastifyInstance,
  auth: AuthContext,
  body: CallbackBody,
  now = Date.now(),
): Promise<{ id: number }> {
  const item = await getServiceItem(app.db, body.itemId);
  await itemBrief(app, auth, body.itemId);
  if (!item) throw notFound('服务事项不存在或未开放');
  if (body.windowEnd <= body.windowStart) throw badInput('回电时间段的结束须晚于开始', { field: 'windowEnd' });
  if (body.windowEnd <= now) throw badInput('回电时间段已过，请重新选择', { field: 'windowEnd' });
  if (body.windowStart > now + MAX_AHEAD_MS) throw badInput('回电时间只能选择30天以内', { field: 'windowStart' });
  const topic = body.topic.trim();
  if (topic.length < 2) throw badInput('请填写咨询主题（至少2个字）', { field: 'topic' });
  return app.db.transaction().execute(async (trx) => {
    const id = await repo.insertCallback(
      trx,
      {
        itemId: item.id,
        departmentId: item.departmentId,
        userId: auth.userId,
        topic,
        detail: body.detail.trim(),
        phone: body.phone,
        windowStart: Math.max(body.windowStart, now),
        windowEnd: body.windowEnd,
      },
      now,
    );
    await repo.insertCallbackLog(trx, {
      callbackId: id,
      actorId: auth.userId,
      actorName: auth.realName || auth.username,
      action: 'create',
      note: `期望回电时间 ${beijingLabel(body.windowStart)} – ${beijingLabel(body.windowEnd)}`,
      at: now,
    });
    return { id };
  });
}

export async function mine(app: FastifyInstance, auth: AuthContext, q: CallbackListQuery, now = Date.now()) {
  const res = await repo.listCallbacks(app.db, { userId: auth.userId }, q);
  return { ...res, list: await rows(app.db, res.list, now, false), page: q.page, pageSize: q.pageSize };
}

export async function workList(app: FastifyInstance, actor: Actor, q: CallbackListQuery, now = Date.now()) {
  const res = await repo.listCallbacks(app.db, { departmentIds: await staffDepartments(app.db, actor) }, q);
  return { ...res, list: await rows(app.db, res.list, now, true), page: q.page, pageSize: q.pageSize };
}

/** One request with its log: for the applicant, or for staff of its department. */
export async function detail(
  app: FastifyInstance,
  actor: Actor,
  id: number,
  now = Date.now(),
): Promise<CallbackDetail> {
  const c = await repo.findCallback(app.db, id);
  const staff = c && c.userId !== actor.userId && inScope(await staffDepartments(app.db, actor), c.departmentId);
  if (!c || (c.userId !== actor.userId && !staff)) throw notFound('回电申请不存在');
  const [row] = await rows(app.db, [c], now, true);
  return { ...row!, log: await repo.callbackLog(app.db, id) };
}

export async function cancel(app: FastifyInstance, auth: AuthContext, id: number, now = Date.now()): Promise<void> {
  const c = await repo.findCallback(app.db, id);
  if (!c || c.userId !== auth.userId) throw notFound('回电申请不存在');
  await app.db.transaction().execute(async (trx) => {
    if (!(await repo.updateCallback(trx, id, ['pending'], { status: 'cancelled' }, now)))
      throw new AppError(Codes.bookingWrongState, 409, '已受理的申请不能撤销');
    await repo.insertCallbackLog(trx, {
      callbackId: id,
      actorId: auth.userId,
      actorName: auth.realName || auth.username,
      action: 'cancel',
      note: '',
      at: now,
    });
  });
}

const NEXT: Record<CallbackActBody['action'], { from: CallbackStatus[]; to: CallbackStatus; message: string }> = {
  accept: { from: ['pending'], to: 'accepted', message: '已受理您的回电申请' },
  call: { from: ['pending', 'accepted'], to: 'accepted', message: '已就您的回电申请与您通话' },
  close: { from: ['pending', 'accepted'], to: 'closed', message: '您的回电申请已办结' },
};

/** Staff of the item's department accept, record a call (with its outcome) and close; the applicant is told each step. */
export async function act(app: FastifyInstance, actor: Actor, body: CallbackActBody, now = Date.now()): Promise<void> {
  const c = await repo.findCallback(app.db, body.id);
  if (!c || !inScope(await staffDepartments(app.db, actor), c.departmentId)) throw notFound('回电申请不存在');
  if (c.userId === actor.userId && !actor.isAdmin) throw noPermission('不能处理本人的申请');
  const note = body.note.trim();
  if ((body.action === 'call' || body.action === 'close') && !note)
    throw badInput(body.action === 'call' ? '请填写通话情况' : '请填写办结说明', { field: 'note' });
  if (body.calledAt !== undefined && body.calledAt > now) throw badInput('通话时间不能晚于现在', { field: 'calledAt' });
  const step = NEXT[body.action];
  await app.db.transaction().execute(async (trx) => {
    const set =
      body.action === 'call'
        ? { status: step.to, handlerId: actor.userId, calledAt: body.calledAt ?? now, outcome: note }
        : body.action === 'close'
          ? { status: step.to, handlerId: actor.userId, outcome: note }
          : { status: step.to, handlerId: actor.userId };
    if (!(await repo.updateCallback(trx, c.id, step.from, set, now)))
      throw new AppError(Codes.bookingWrongState, 409, '该申请当前状态不允许此操作');
    await repo.insertCallbackLog(trx, {
      callbackId: c.id,
      actorId: actor.userId,
      actorName: actor.name,
      action: body.action,
      note,
      at: now,
    });
    await sendMessage(trx, {
      userIds: [c.userId],
      kind: 'notice',
      title: `${c.departmentName}${step.message}：${c.topic}`,
      body: note,
      link: `/web/eventService/applyCall?callbackId=${c.id}`,
      at: now,
    });
  });
}
