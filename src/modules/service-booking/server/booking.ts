import type { FastifyInstance } from 'fastify';
import { AppError, badInput, noPermission, notFound } from '@/server/errors';
import { Codes } from '@/shared/errors';
import {
  canApplyItem,
  canSeeItem,
  getServiceItem,
  itemsByIds,
  recordItemUse,
  viewerOf,
  type ServiceItemRef,
} from '@/modules/service-hall/server/commands/items';
import type { AuthContext } from '@/server/identity/sessions';
import {
  BOOKING_HORIZON_DAYS,
  NO_SHOW_LIMIT,
  type BookBody,
  type BookingOverview,
  type BookingRow,
  type DeskQuery,
  type DeskSummary,
  type FullAnswer,
  type SlotView,
  type WindowSaveBody,
} from '../contract';
import * as repo from './repository';
import { inScope, staffDepartments, staffItem, type Actor } from './scope';
import { DAY_MS, dateOf, dayStart, ruleProblem, slotsFor } from './time';

const NO_SHOW_WINDOW_MS = 30 * DAY_MS;
const ALTERNATIVES = 6;

/** A bookable item: published, with the booking mode, and visible to the caller. */
async function bookableItem(db: repo.Conn, auth: AuthContext | null, itemId: number): Promise<ServiceItemRef> {
  const item = await getServiceItem(db, itemId);
  if (!item || !(await canSeeItem(db, await viewerOf(db, auth), itemId))) throw notFound('服务事项不存在或未开放');
  if (!item.modes.includes('booking')) throw new AppError(Codes.bookingNotOffered, 400, '该事项不提供预约办理');
  return item;
}

const slotView = (s: repo.SlotRecord, w: repo.WindowRecord, now: number): SlotView => ({
  id: s.id,
  windowId: w.id,
  windowName: w.name,
  location: w.location,
  startAt: s.startAt,
  endAt: s.endAt,
  capacity: s.capacity,
  booked: s.booked,
  bookable: s.status === 'open' && s.booked < s.capacity && now < s.startAt - w.cutoffMinutes * 60_000,
});

/** The booking page's head: the item, the days that have slots, the windows and the caller's no-shows. */
export async function overview(
  app: FastifyInstance,
  auth: AuthContext | null,
  itemId: number,
  now = Date.now(),
): Promise<BookingOverview> {
  const item = await bookableItem(app.db, auth, itemId);
  const windows = await repo.windowsForItem(app.db, item);
  const from = dayStart(dateOf(now));
  const slots = await repo.slotsOf(
    app.db,
    windows.map((w) => w.id),
    from,
    from + BOOKING_HORIZON_DAYS * DAY_MS,
  );
  const byWindow = new Map(windows.map((w) => [w.id, w]));
  const days = new Map<string, number>();
  for (const s of slots) {
    const v = slotView(s, byWindow.get(s.windowId)!, now);
    const d = dateOf(s.startAt);
    days.set(d, (days.get(d) ?? 0) + (v.bookable ? s.capacity - s.booked : 0));
  }
  return {
    item: { id: item.id, name: item.name, departmentName: item.departmentName },
    days: [...days].map(([date, free]) => ({ date, free })),
    windows: windows.map((w) => ({
      id: w.id,
      name: w.name,
      location: w.location,
      note: w.note,
      cutoffMinutes: w.cutoffMinutes,
    })),
    noShows: auth ? await repo.noShowsSince(app.db, auth.userId, now - NO_SHOW_WINDOW_MS) : null,
    noShowLimit: NO_SHOW_LIMIT,
    canBook: auth ? await canApplyItem(app.db, await viewerOf(app.db, auth), itemId) : false,
  };
}

/** The slots of one day (Beijing) of the windows serving the item. */
export async function daySlots(
  app: FastifyInstance,
  auth: AuthContext | null,
  itemId: number,
  date: string | undefined,
  now = Date.now(),
): Promise<SlotView[]> {
  const item = await bookableItem(app.db, auth, itemId);
  const windows = await repo.windowsForItem(app.db, item);
  const byWindow = new Map(windows.map((w) => [w.id, w]));
  const from = dayStart(date ?? dateOf(now));
  const slots = await repo.slotsOf(app.db, [...byWindow.keys()], from, from + DAY_MS);
  return slots.filter((s) => s.status === 'open').map((s) => slotView(s, byWindow.get(s.windowId)!, now));
}

/** The next free slots of an item (what a 已约满 answer offers). */
export async function alternatives(
  db: repo.Conn,
  item: { id: number; departmentId: number },
  now: number,
  exceptSlot?: number,
): Promise<SlotView[]> {
  const windows = await repo.windowsForItem(db, item);
  const byWindow = new Map(windows.map((w) => [w.id, w]));
  const minCut = Math.min(...windows.map((w) => w.cutoffMinutes), 0);
  const free = await repo.freeSlots(db, [...byWindow.keys()], now + minCut * 60_000, ALTERNATIVES * 3);
  return free
    .filter((s) => s.id !== exceptSlot)
    .map((s) => slotView(s, byWindow.get(s.windowId)!, now))
    .filter((v) => v.bookable)
    .slice(0, ALTERNATIVES);
}

/**
 * Books a seat. In one transaction: the checks, then the conditional UPDATE that takes a seat only
 * while one is free (booked < capacity) — a full slot answers 已约满 (409) with the next free
 * slots — then the booking row (a partial unique index refuses a second live booking of the slot).
 */
export async function book(
  app: FastifyInstance,
  auth: AuthContext,
  body: BookBody,
  now = Date.now(),
): Promise<{ id: number }> {
  const item = await bookableItem(app.db, auth, body.itemId);
  const viewer = await viewerOf(app.db, auth);
  if (!(await canApplyItem(app.db, viewer, item.id))) throw noPermission('您不在该事项的办理范围内');
  const slot = await repo.findSlot(app.db, body.slotId);
  const window = slot && (await repo.findWindow(app.db, slot.windowId));
  const serves =
    window &&
    window.status === 'active' &&
    (window.itemId === item.id || (window.itemId === null && window.departmentId === item.departmentId));
  if (!slot || !window || !serves) throw notFound('预约时段不存在');
  if (slot.status !== 'open' || now >= slot.startAt - window.cutoffMinutes * 60_000)
    throw new AppError(Codes.bookingClosed, 409, '该时段已停止预约，请选择其他时段');
  const noShows = await repo.noShowsSince(app.db, auth.userId, now - NO_SHOW_WINDOW_MS);
  if (noShows >= NO_SHOW_LIMIT)
    throw new AppError(Codes.bookingNoShowLimit, 403, `近30天失约 ${noShows} 次（上限 ${NO_SHOW_LIMIT} 次），暂停预约`);
  const user = await repo.userBrief(app.db, auth.userId);
  let full = false;
  try {
    const id = await app.db.transaction().execute(async (trx) => {
      if (await repo.liveBookingOfItem(trx, auth.userId, item.id, now))
        throw new AppError(Codes.bookingDuplicate, 409, '您已预约该事项，请先办理或取消原预约');
      if (!(await repo.takeSeat(trx, slot.id))) {
        full = true;
        return 0;
      }
      const bookingId = await repo.insertBooking(trx, {
        slotId: slot.id,
        windowId: window.id,
        itemId: item.id,
        departmentId: item.departmentId,
        userId: auth.userId,
        slotStart: slot.startAt,
        slotEnd: slot.endAt,
        status: 'booked',
        phone: body.phone || user?.phone || '',
        note: body.note.trim(),
        createdAt: now,
      });
      await recordItemUse(trx, auth.userId, item.id);
      return bookingId;
    });
    if (!full) return { id };
  } catch (e) {
    if (repo.isUniqueViolation(e)) throw new AppError(Codes.bookingDuplicate, 409, '您已预约该时段');
    throw e;
  }
  const data: FullAnswer = { alternatives: await alternatives(app.db, item, now, slot.id) };
  throw new AppError(
    Codes.bookingFull,
    409,
    data.alternatives.length ? '该时段已约满，可选择以下时段' : '该时段已约满，近期暂无空余时段',
    data,
  );
}

/** The applicant cancels a live booking before its cut-off; the seat is freed in the same transaction. */
export async function cancel(app: FastifyInstance, auth: AuthContext, id: number, now = Date.now()): Promise<void> {
  const b = await repo.findBooking(app.db, id);
  if (!b || b.userId !== auth.userId) throw notFound('预约不存在');
  if (b.status !== 'booked') throw new AppError(Codes.bookingWrongState, 409, '该预约已不能取消');
  const w = await repo.findWindow(app.db, b.windowId);
  if (now >= b.slotStart - (w?.cutoffMinutes ?? 0) * 60_000)
    throw new AppError(Codes.bookingClosed, 409, '已过取消截止时间，不能取消');
  await app.db.transaction().execute(async (trx) => {
    if (!(await repo.setBookingStatus(trx, id, ['booked'], 'cancelled', now)))
      throw new AppError(Codes.bookingWrongState, 409, '该预约已不能取消');
    await repo.releaseSeat(trx, b.slotId);
  });
}

export function bookingRow(
  b: repo.BookingViewRecord,
  itemNames: Map<number, string>,
  now: number,
  withUser = false,
): BookingRow {
  return {
    id: b.id,
    itemId: b.itemId,
    itemName: itemNames.get(b.itemId) ?? '',
    departmentName: b.departmentName,
    windowName: b.windowName,
    location: b.location,
    slotStart: b.slotStart,
    slotEnd: b.slotEnd,
    status: b.status,
    phone: b.phone,
    note: b.note,
    createdAt: b.createdAt,
    cancellable: b.status === 'booked' && now < b.slotStart - b.cutoffMinutes * 60_000,
    ...(withUser ? { userName: b.userName, userNo: b.userNo } : {}),
  };
}

// ---------- staff: the booking desk ----------

export async function desk(app: FastifyInstance, actor: Actor, q: DeskQuery) {
  const deps = await staffDepartments(app.db, actor);
  const from = dayStart(q.date);
  const page = await repo.deskBookings(app.db, deps, { ...q, from, to: from + DAY_MS });
  return { ...page, page: q.page, pageSize: q.pageSize };
}

export async function deskSummary(
  app: FastifyInstance,
  actor: Actor,
  date: string,
  windowId?: number,
): Promise<DeskSummary> {
  const deps = await staffDepartments(app.db, actor);
  const from = dayStart(date);
  return { date, slots: await repo.deskSlots(app.db, deps, from, from + DAY_MS, windowId) };
}

/** Staff check a person in (attended); a booking the job marked no-show that day may still be checked in. */
export async function attend(app: FastifyInstance, actor: Actor, id: number, now = Date.now()): Promise<void> {
  const b = await repo.findBooking(app.db, id);
  if (!b || !inScope(await staffDepartments(app.db, actor), b.departmentId)) throw notFound('预约不存在');
  if (now < b.slotStart - 2 * 3600_000) throw badInput('还未到预约时段，不能签到');
  if (dateOf(now) !== dateOf(b.slotStart) && b.status === 'no_show')
    throw new AppError(Codes.bookingWrongState, 409, '只能在预约当天签到');
  if (!(await repo.setBookingStatus(app.db, id, ['booked', 'no_show'], 'attended', now, actor.userId)))
    throw new AppError(Codes.bookingWrongState, 409, '该预约不能签到');
}

// ---------- windows and slots ----------

/** Creates the slots of the coming days for a window and reconciles the ones its rules no longer open. */
export async function generateSlots(db: repo.Conn, w: repo.WindowRecord, now: number): Promise<void> {
  const from = dayStart(dateOf(now));
  const planned = w.status === 'active' ? slotsFor(w.rules, w.slotMinutes, from, BOOKING_HORIZON_DAYS) : [];
  const future = planned.filter((s) => s.startAt >= now);
  await repo.insertSlots(db, w.id, w.capacity, future);
  await repo.reconcileSlots(
    db,
    { id: w.id, capacity: w.capacity, active: w.status === 'active' },
    future.map((s) => s.startAt),
    now,
  );
}

/** The daily job: every active window's slots for the horizon. */
export async function generateAllSlots(app: FastifyInstance, now = Date.now()): Promise<number> {
  const windows = await repo.activeWindows(app.db);
  for (const w of windows) await app.db.transaction().execute((trx) => generateSlots(trx, w, now));
  return windows.length;
}

export async function saveWindow(
  app: FastifyInstance,
  actor: Actor,
  body: WindowSaveBody,
  now = Date.now(),
): Promise<{ id: number }> {
  const problem = ruleProblem(body.rules, body.slotMinutes);
  if (problem) throw badInput(problem, { field: 'rules' });
  const deps = await staffDepartments(app.db, actor);
  if (!inScope(deps, body.departmentId)) throw noPermission('只能管理本部门的窗口');
  if (body.itemId !== null) {
    const item = await staffItem(app.db, actor, body.itemId);
    if (item.departmentId !== body.departmentId) throw badInput('事项不属于所选部门', { field: 'itemId' });
    if (!item.modes.includes('booking')) throw new AppError(Codes.bookingNotOffered, 400, '该事项未开通预约办理');
  }
  if (body.id) {
    const old = await repo.findWindow(app.db, body.id);
    if (!old || !inScope(deps, old.departmentId)) throw notFound('窗口不存在');
  }
  const w = {
    departmentId: body.departmentId,
    itemId: body.itemId,
    name: body.name.trim(),
    location: body.location.trim(),
    note: body.note.trim(),
    rules: body.rules,
    slotMinutes: body.slotMinutes,
    capacity: body.capacity,
    cutoffMinutes: body.cutoffMinutes,
    status: body.status,
    updatedAt: now,
  };
  return app.db.transaction().execute(async (trx) => {
    const id = body.id ?? (await repo.insertWindow(trx, w, now));
    if (body.id) await repo.updateWindow(trx, id, w);
    await generateSlots(trx, { id, ...w }, now);
    return { id };
  });
}

export async function deleteWindow(app: FastifyInstance, actor: Actor, id: number): Promise<void> {
  const w = await repo.findWindow(app.db, id);
  if (!w || !inScope(await staffDepartments(app.db, actor), w.departmentId)) throw notFound('窗口不存在');
  if (await repo.windowHasBookings(app.db, id))
    throw new AppError(Codes.bookingWrongState, 409, '该窗口已有预约记录，不能删除，可改为暂停');
  await repo.deleteWindow(app.db, id);
}

export async function listWindows(
  app: FastifyInstance,
  actor: Actor,
  q: { page: number; pageSize: number; departmentId?: number; keyword?: string },
) {
  const deps = await staffDepartments(app.db, actor);
  const res = await repo.listWindows(app.db, deps, q);
  const ids = res.list.flatMap((w) => (w.itemId ? [w.itemId] : []));
  const names = await itemNamesOf(app.db, ids);
  return {
    ...res,
    list: res.list.map((w) => ({ ...w, itemName: w.itemId ? (names.get(w.itemId) ?? '') : null })),
    page: q.page,
    pageSize: q.pageSize,
  };
}

export async function itemNamesOf(db: repo.Conn, ids: number[]): Promise<Map<number, string>> {
  return new Map((await itemsByIds(db, ids)).map((i) => [i.id, i.name]));
}
