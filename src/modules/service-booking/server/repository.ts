import { sql } from 'kysely';
import type { Conn } from './commands/bookings';
import type { BookingStatus, CallbackStatus, PermitStatus, WeeklyRule } from '../contract';
import './tables';

export type { Conn } from './commands/bookings';

const num = (v: number | string | bigint) => Number(v);
const numOrNull = (v: number | string | bigint | null) => (v === null ? null : Number(v));
const like = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const page = (p: { page: number; pageSize: number }) => ({ limit: p.pageSize, offset: (p.page - 1) * p.pageSize });

export const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; message?: string };
  return err.code === '23505' || /UNIQUE constraint failed/i.test(err.message ?? '');
};

// ---------- people and departments (core tables) ----------

export async function userBrief(db: Conn, id: number) {
  return db
    .selectFrom('appUser')
    .select(['id', 'username', 'realName', 'userNo', 'departmentId', 'phone'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function userByNo(db: Conn, no: string) {
  return db
    .selectFrom('appUser')
    .select(['id', 'realName', 'userNo', 'status'])
    .where((eb) => eb.or([eb('username', '=', no), eb('userNo', '=', no)]))
    .orderBy('id')
    .executeTakeFirst();
}

export async function departmentsByIds(db: Conn, ids: number[]) {
  if (!ids.length) return [];
  return db.selectFrom('department').select(['id', 'name']).where('id', 'in', ids).orderBy('id').execute();
}

// ---------- windows ----------

export interface WindowRecord {
  id: number;
  departmentId: number;
  itemId: number | null;
  name: string;
  location: string;
  note: string;
  rules: WeeklyRule[];
  slotMinutes: number;
  capacity: number;
  cutoffMinutes: number;
  status: 'active' | 'paused';
  updatedAt: number;
}

type WindowDbRow = {
  id: number;
  departmentId: number;
  itemId: number | null;
  name: string;
  location: string;
  note: string;
  rules: string;
  slotMinutes: number;
  capacity: number;
  cutoffMinutes: number;
  status: string;
  updatedAt: number | string;
};

const toWindow = (r: WindowDbRow): WindowRecord => ({
  ...r,
  rules: JSON.parse(r.rules) as WeeklyRule[],
  status: r.status as 'active' | 'paused',
  updatedAt: num(r.updatedAt),
});

const WINDOW_COLUMNS = [
  'id',
  'departmentId',
  'itemId',
  'name',
  'location',
  'note',
  'rules',
  'slotMinutes',
  'capacity',
  'cutoffMinutes',
  'status',
  'updatedAt',
] as const;

export async function findWindow(db: Conn, id: number): Promise<WindowRecord | undefined> {
  const r = await db.selectFrom('sbWindow').select(WINDOW_COLUMNS).where('id', '=', id).executeTakeFirst();
  return r && toWindow(r);
}

/** Active windows that serve an item: its own, and its department's shared ones. */
export async function windowsForItem(db: Conn, item: { id: number; departmentId: number }): Promise<WindowRecord[]> {
  const rows = await db
    .selectFrom('sbWindow')
    .select(WINDOW_COLUMNS)
    .where('status', '=', 'active')
    .where((eb) =>
      eb.or([
        eb('itemId', '=', item.id),
        eb.and([eb('itemId', 'is', null), eb('departmentId', '=', item.departmentId)]),
      ]),
    )
    .orderBy('id')
    .execute();
  return rows.map(toWindow);
}

export async function activeWindows(db: Conn): Promise<WindowRecord[]> {
  const rows = await db.selectFrom('sbWindow').select(WINDOW_COLUMNS).where('status', '=', 'active').execute();
  return rows.map(toWindow);
}

export async function listWindows(
  db: Conn,
  departmentIds: number[] | null,
  q: { page: number; pageSize: number; departmentId?: number; keyword?: string },
) {
  let base = db.selectFrom('sbWindow');
  if (departmentIds) base = base.where('sbWindow.departmentId', 'in', departmentIds.length ? departmentIds : [0]);
  if (q.departmentId) base = base.where('sbWindow.departmentId', '=', q.departmentId);
  if (q.keyword) base = base.where(sql<boolean>`lower(sb_window.name) like lower(${like(q.keyword)}) escape '\\'`);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .leftJoin('department', 'department.id', 'sbWindow.departmentId')
    .select(WINDOW_COLUMNS.map((c) => `sbWindow.${c}` as const))
    .select('department.name as departmentName')
    .orderBy('sbWindow.departmentId')
    .orderBy('sbWindow.id')
    .limit(page(q).limit)
    .offset(page(q).offset)
    .execute();
  return {
    total: num(total),
    list: rows.map((r) => ({ ...toWindow(r), departmentName: r.departmentName ?? '' })),
  };
}

export async function insertWindow(db: Conn, w: Omit<WindowRecord, 'id'>, now: number): Promise<number> {
  const r = await db
    .insertInto('sbWindow')
    .values({ ...w, rules: JSON.stringify(w.rules), createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function updateWindow(db: Conn, id: number, w: Omit<WindowRecord, 'id'>): Promise<void> {
  await db
    .updateTable('sbWindow')
    .set({ ...w, rules: JSON.stringify(w.rules) })
    .where('id', '=', id)
    .execute();
}

export async function deleteWindow(db: Conn, id: number): Promise<void> {
  await db.deleteFrom('sbWindow').where('id', '=', id).execute();
}

export async function windowHasBookings(db: Conn, id: number): Promise<boolean> {
  const r = await db.selectFrom('sbBooking').select('id').where('windowId', '=', id).limit(1).executeTakeFirst();
  return !!r;
}

// ---------- slots ----------

export interface SlotRecord {
  id: number;
  windowId: number;
  startAt: number;
  endAt: number;
  capacity: number;
  booked: number;
  status: string;
}

const toSlot = (r: {
  id: number;
  windowId: number;
  startAt: number | string;
  endAt: number | string;
  capacity: number;
  booked: number;
  status: string;
}): SlotRecord => ({ ...r, startAt: num(r.startAt), endAt: num(r.endAt) });

const SLOT_COLUMNS = ['id', 'windowId', 'startAt', 'endAt', 'capacity', 'booked', 'status'] as const;

export async function findSlot(db: Conn, id: number): Promise<SlotRecord | undefined> {
  const r = await db.selectFrom('sbSlot').select(SLOT_COLUMNS).where('id', '=', id).executeTakeFirst();
  return r && toSlot(r);
}

/** Slots of windows that start in [from, to), by start. */
export async function slotsOf(db: Conn, windowIds: number[], from: number, to: number): Promise<SlotRecord[]> {
  if (!windowIds.length) return [];
  const rows = await db
    .selectFrom('sbSlot')
    .select(SLOT_COLUMNS)
    .where('windowId', 'in', windowIds)
    .where('startAt', '>=', from)
    .where('startAt', '<', to)
    .orderBy('startAt')
    .orderBy('windowId')
    .execute();
  return rows.map(toSlot);
}

/** The first open slots with a free seat that start at or after `from`, soonest first. */
export async function freeSlots(db: Conn, windowIds: number[], from: number, limit: number): Promise<SlotRecord[]> {
  if (!windowIds.length) return [];
  const rows = await db
    .selectFrom('sbSlot')
    .select(SLOT_COLUMNS)
    .where('windowId', 'in', windowIds)
    .where('startAt', '>=', from)
    .where('status', '=', 'open')
    .whereRef('booked', '<', 'capacity')
    .orderBy('startAt')
    .orderBy('windowId')
    .limit(limit)
    .execute();
  return rows.map(toSlot);
}

/** Adds the slots a window's rules open (those already there stay as they are). */
export async function insertSlots(
  db: Conn,
  windowId: number,
  capacity: number,
  slots: { startAt: number; endAt: number }[],
): Promise<void> {
  for (let i = 0; i < slots.length; i += 200)
    await db
      .insertInto('sbSlot')
      .values(slots.slice(i, i + 200).map((s) => ({ windowId, ...s, capacity, booked: 0, status: 'open' })))
      .onConflict((oc) => oc.columns(['windowId', 'startAt']).doNothing())
      .execute();
}

/**
 * After a window's rules or capacity changed: its future slots the rules still open take the new
 * capacity (never under the seats already taken) and reopen; the others close, and those nobody
 * booked are deleted.
 */
export async function reconcileSlots(
  db: Conn,
  w: { id: number; capacity: number; active: boolean },
  keepStarts: number[],
  from: number,
): Promise<void> {
  const keep = w.active ? keepStarts : [];
  let stale = db
    .updateTable('sbSlot')
    .set({ status: 'closed' })
    .where('windowId', '=', w.id)
    .where('startAt', '>=', from);
  let empty = db.deleteFrom('sbSlot').where('windowId', '=', w.id).where('startAt', '>=', from).where('booked', '=', 0);
  if (keep.length) {
    stale = stale.where('startAt', 'not in', keep);
    empty = empty.where('startAt', 'not in', keep);
  }
  // Closed slots keep their bookings (and their rows, which the bookings point to).
  await empty
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('sbBooking').select('sbBooking.id').whereRef('sbBooking.slotId', '=', 'sbSlot.id')),
      ),
    )
    .execute();
  await stale.execute();
  if (keep.length)
    await db
      .updateTable('sbSlot')
      .set({
        status: 'open',
        capacity: sql<number>`case when booked > ${w.capacity} then booked else ${w.capacity} end`,
      })
      .where('windowId', '=', w.id)
      .where('startAt', '>=', from)
      .where('startAt', 'in', keep)
      .execute();
}

/** Takes one seat if one is free: the conditional UPDATE that keeps capacity under any concurrency. */
export async function takeSeat(db: Conn, slotId: number): Promise<boolean> {
  const r = await db
    .updateTable('sbSlot')
    .set({ booked: sql<number>`booked + 1` })
    .where('id', '=', slotId)
    .where('status', '=', 'open')
    .whereRef('booked', '<', 'capacity')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function releaseSeat(db: Conn, slotId: number): Promise<void> {
  await db
    .updateTable('sbSlot')
    .set({ booked: sql<number>`booked - 1` })
    .where('id', '=', slotId)
    .where('booked', '>', 0)
    .execute();
}

// ---------- bookings ----------

export interface BookingRecord {
  id: number;
  slotId: number;
  windowId: number;
  itemId: number;
  departmentId: number;
  userId: number;
  slotStart: number;
  slotEnd: number;
  status: BookingStatus;
  phone: string;
  note: string;
  createdAt: number;
}

const BOOKING_COLUMNS = [
  'sbBooking.id',
  'sbBooking.slotId',
  'sbBooking.windowId',
  'sbBooking.itemId',
  'sbBooking.departmentId',
  'sbBooking.userId',
  'sbBooking.slotStart',
  'sbBooking.slotEnd',
  'sbBooking.status',
  'sbBooking.phone',
  'sbBooking.note',
  'sbBooking.createdAt',
] as const;

type BookingDbRow = Omit<BookingRecord, 'slotStart' | 'slotEnd' | 'createdAt' | 'status'> & {
  slotStart: number | string;
  slotEnd: number | string;
  createdAt: number | string;
  status: string;
};

const toBooking = (r: BookingDbRow): BookingRecord => ({
  ...r,
  status: r.status as BookingStatus,
  slotStart: num(r.slotStart),
  slotEnd: num(r.slotEnd),
  createdAt: num(r.createdAt),
});

export async function findBooking(db: Conn, id: number): Promise<BookingRecord | undefined> {
  const r = await db.selectFrom('sbBooking').select(BOOKING_COLUMNS).where('id', '=', id).executeTakeFirst();
  return r && toBooking(r);
}

export async function insertBooking(db: Conn, b: Omit<BookingRecord, 'id'>): Promise<number> {
  const r = await db
    .insertInto('sbBooking')
    .values({ ...b, remindedAt: null, updatedAt: b.createdAt, handledBy: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function setBookingStatus(
  db: Conn,
  id: number,
  from: BookingStatus[],
  to: BookingStatus,
  now: number,
  handledBy: number | null = null,
): Promise<boolean> {
  const r = await db
    .updateTable('sbBooking')
    .set({ status: to, updatedAt: now, handledBy })
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The person's live booking of an item whose slot has not ended (one at a time). */
export async function liveBookingOfItem(db: Conn, userId: number, itemId: number, now: number) {
  return db
    .selectFrom('sbBooking')
    .select(['id', 'slotStart'])
    .where('userId', '=', userId)
    .where('itemId', '=', itemId)
    .where('status', '=', 'booked')
    .where('slotEnd', '>', now)
    .executeTakeFirst();
}

export async function noShowsSince(db: Conn, userId: number, since: number): Promise<number> {
  const r = await db
    .selectFrom('sbBooking')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .where('slotStart', '>=', since)
    .where('status', '=', 'no_show')
    .executeTakeFirstOrThrow();
  return num(r.n);
}

const bookingView = (db: Conn) =>
  db
    .selectFrom('sbBooking')
    .innerJoin('sbWindow', 'sbWindow.id', 'sbBooking.windowId')
    .leftJoin('department', 'department.id', 'sbBooking.departmentId')
    .innerJoin('appUser', 'appUser.id', 'sbBooking.userId');

const BOOKING_VIEW_COLUMNS = [
  ...BOOKING_COLUMNS,
  'sbWindow.name as windowName',
  'sbWindow.location',
  'sbWindow.cutoffMinutes',
  'department.name as departmentName',
  'appUser.realName as userName',
  'appUser.userNo',
] as const;

export type BookingViewRecord = BookingRecord & {
  windowName: string;
  location: string;
  cutoffMinutes: number;
  departmentName: string;
  userName: string;
  userNo: string;
};

const toBookingView = (
  r: BookingDbRow & {
    windowName: string;
    location: string;
    cutoffMinutes: number;
    departmentName: string | null;
    userName: string;
    userNo: string;
  },
): BookingViewRecord => ({
  ...toBooking(r),
  windowName: r.windowName,
  location: r.location,
  cutoffMinutes: r.cutoffMinutes,
  departmentName: r.departmentName ?? '',
  userName: r.userName,
  userNo: r.userNo,
});

export async function myBookings(
  db: Conn,
  userId: number,
  q: { page: number; pageSize: number; scope?: 'upcoming' | 'past' | 'all' },
  now: number,
) {
  let base = bookingView(db).where('sbBooking.userId', '=', userId);
  if (q.scope === 'upcoming') base = base.where('sbBooking.slotEnd', '>', now).where('sbBooking.status', '=', 'booked');
  if (q.scope === 'past')
    base = base.where((eb) => eb.or([eb('sbBooking.slotEnd', '<=', now), eb('sbBooking.status', '!=', 'booked')]));
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select(BOOKING_VIEW_COLUMNS)
    .orderBy('sbBooking.slotStart', q.scope === 'upcoming' ? 'asc' : 'desc')
    .orderBy('sbBooking.id', 'desc')
    .limit(page(q).limit)
    .offset(page(q).offset)
    .execute();
  return { total: num(total), list: rows.map(toBookingView) };
}

/** A department's bookings of one day (by slot), for the booking desk. */
export async function deskBookings(
  db: Conn,
  departmentIds: number[] | null,
  q: {
    page: number;
    pageSize: number;
    from: number;
    to: number;
    windowId?: number;
    status?: BookingStatus;
    keyword?: string;
  },
) {
  let base = bookingView(db).where('sbBooking.slotStart', '>=', q.from).where('sbBooking.slotStart', '<', q.to);
  if (departmentIds) base = base.where('sbBooking.departmentId', 'in', departmentIds.length ? departmentIds : [0]);
  if (q.windowId) base = base.where('sbBooking.windowId', '=', q.windowId);
  if (q.status) base = base.where('sbBooking.status', '=', q.status);
  if (q.keyword) {
    const k = like(q.keyword);
    base = base.where(
      sql<boolean>`(app_user.real_name like ${k} escape '\\' or app_user.user_no like ${k} escape '\\')`,
    );
  }
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select(BOOKING_VIEW_COLUMNS)
    .orderBy('sbBooking.slotStart')
    .orderBy('sbBooking.id')
    .limit(page(q).limit)
    .offset(page(q).offset)
    .execute();
  return { total: num(total), list: rows.map(toBookingView) };
}

/** Slots of a department's windows on one day (the desk's summary). */
export async function deskSlots(db: Conn, departmentIds: number[] | null, from: number, to: number, windowId?: number) {
  let q = db
    .selectFrom('sbSlot')
    .innerJoin('sbWindow', 'sbWindow.id', 'sbSlot.windowId')
    .select([
      'sbSlot.id',
      'sbWindow.name as windowName',
      'sbSlot.startAt',
      'sbSlot.endAt',
      'sbSlot.capacity',
      'sbSlot.booked',
      'sbSlot.status',
    ])
    .where('sbSlot.startAt', '>=', from)
    .where('sbSlot.startAt', '<', to);
  if (departmentIds) q = q.where('sbWindow.departmentId', 'in', departmentIds.length ? departmentIds : [0]);
  if (windowId) q = q.where('sbWindow.id', '=', windowId);
  const rows = await q.orderBy('sbSlot.startAt').orderBy('sbWindow.id').limit(500).execute();
  return rows.map((r) => ({ ...r, startAt: num(r.startAt), endAt: num(r.endAt) }));
}

/** Live bookings to remind: their slot starts in (now, until] and they were not reminded yet. */
export async function bookingsToRemind(db: Conn, now: number, until: number, limit: number) {
  const rows = await db
    .selectFrom('sbBooking')
    .innerJoin('sbWindow', 'sbWindow.id', 'sbBooking.windowId')
    .select([
      'sbBooking.id',
      'sbBooking.userId',
      'sbBooking.itemId',
      'sbBooking.slotStart',
      'sbWindow.name',
      'sbWindow.location',
    ])
    .where('sbBooking.status', '=', 'booked')
    .where('sbBooking.slotStart', '>', now)
    .where('sbBooking.slotStart', '<=', until)
    .where('sbBooking.remindedAt', 'is', null)
    .orderBy('sbBooking.slotStart')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, slotStart: num(r.slotStart) }));
}

export async function markReminded(db: Conn, ids: number[], now: number): Promise<void> {
  if (ids.length) await db.updateTable('sbBooking').set({ remindedAt: now }).where('id', 'in', ids).execute();
}

/** Live bookings whose slot ended before `before` become no-shows; answers how many. */
export async function markNoShows(db: Conn, before: number, now: number): Promise<number> {
  const r = await db
    .updateTable('sbBooking')
    .set({ status: 'no_show', updatedAt: now })
    .where('status', '=', 'booked')
    .where('slotStart', '<', before)
    .where('slotEnd', '<=', before)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

// ---------- call-backs ----------

const CALLBACK_COLUMNS = [
  'sbCallback.id',
  'sbCallback.itemId',
  'sbCallback.departmentId',
  'sbCallback.userId',
  'sbCallback.topic',
  'sbCallback.detail',
  'sbCallback.phone',
  'sbCallback.windowStart',
  'sbCallback.windowEnd',
  'sbCallback.status',
  'sbCallback.handlerId',
  'sbCallback.calledAt',
  'sbCallback.outcome',
  'sbCallback.createdAt',
  'sbCallback.updatedAt',
  'department.name as departmentName',
  'applicant.realName as userName',
  'applicant.userNo',
  'handler.realName as handlerName',
] as const;

const callbackView = (db: Conn) =>
  db
    .selectFrom('sbCallback')
    .leftJoin('department', 'department.id', 'sbCallback.departmentId')
    .innerJoin('appUser as applicant', 'applicant.id', 'sbCallback.userId')
    .leftJoin('appUser as handler', 'handler.id', 'sbCallback.handlerId');

type CallbackDbRow = {
  id: number;
  itemId: number;
  departmentId: number;
  userId: number;
  topic: string;
  detail: string;
  phone: string;
  windowStart: number | string;
  windowEnd: number | string;
  status: string;
  handlerId: number | null;
  calledAt: number | string | null;
  outcome: string;
  createdAt: number | string;
  updatedAt: number | string;
  departmentName: string | null;
  userName: string;
  userNo: string;
  handlerName: string | null;
};

export type CallbackRecord = ReturnType<typeof toCallback>;

const toCallback = (r: CallbackDbRow) => ({
  ...r,
  status: r.status as CallbackStatus,
  windowStart: num(r.windowStart),
  windowEnd: num(r.windowEnd),
  calledAt: numOrNull(r.calledAt),
  createdAt: num(r.createdAt),
  updatedAt: num(r.updatedAt),
  departmentName: r.departmentName ?? '',
});

export async function findCallback(db: Conn, id: number) {
  const r = await callbackView(db).select(CALLBACK_COLUMNS).where('sbCallback.id', '=', id).executeTakeFirst();
  return r && toCallback(r);
}

export async function insertCallback(
  db: Conn,
  c: {
    itemId: number;
    departmentId: number;
    userId: number;
    topic: string;
    detail: string;
    phone: string;
    windowStart: number;
    windowEnd: number;
  },
  now: number,
): Promise<number> {
  const r = await db
    .insertInto('sbCallback')
    .values({ ...c, status: 'pending', handlerId: null, calledAt: null, outcome: '', createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function updateCallback(
  db: Conn,
  id: number,
  fromStatus: CallbackStatus[],
  set: { status?: CallbackStatus; handlerId?: number; calledAt?: number; outcome?: string },
  now: number,
): Promise<boolean> {
  const r = await db
    .updateTable('sbCallback')
    .set({ ...set, updatedAt: now })
    .where('id', '=', id)
    .where('status', 'in', fromStatus)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function insertCallbackLog(
  db: Conn,
  l: { callbackId: number; actorId: number; actorName: string; action: string; note: string; at: number },
): Promise<void> {
  await db.insertInto('sbCallbackLog').values(l).execute();
}

export async function callbackLog(db: Conn, callbackId: number) {
  const rows = await db
    .selectFrom('sbCallbackLog')
    .select(['action', 'actorName', 'note', 'at'])
    .where('callbackId', '=', callbackId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, at: num(r.at) }));
}

export async function listCallbacks(
  db: Conn,
  by: { userId: number } | { departmentIds: number[] | null },
  q: { page: number; pageSize: number; status?: CallbackStatus; keyword?: string },
) {
  let base = callbackView(db);
  if ('userId' in by) base = base.where('sbCallback.userId', '=', by.userId);
  else if (by.departmentIds)
    base = base.where('sbCallback.departmentId', 'in', by.departmentIds.length ? by.departmentIds : [0]);
  if (q.status) base = base.where('sbCallback.status', '=', q.status);
  if (q.keyword) {
    const k = like(q.keyword);
    base = base.where(
      sql<boolean>`(sb_callback.topic like ${k} escape '\\' or applicant.real_name like ${k} escape '\\' or applicant.user_no like ${k} escape '\\')`,
    );
  }
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select(CALLBACK_COLUMNS)
    .orderBy('sbCallback.id', 'desc')
    .limit(page(q).limit)
    .offset(page(q).offset)
    .execute();
  return { total: num(total), list: rows.map(toCallback) };
}

// ---------- permits ----------

const PERMIT_COLUMNS = [
  'sbPermit.id',
  'sbPermit.itemId',
  'sbPermit.departmentId',
  'sbPermit.holderId',
  'sbPermit.holderName',
  'sbPermit.title',
  'sbPermit.instanceId',
  'sbPermit.code',
  'sbPermit.status',
  'sbPermit.issuedAt',
  'sbPermit.issuedBy',
  'sbPermit.validUntil',
  'sbPermit.revokedAt',
  'sbPermit.revokeReason',
  'department.name as departmentName',
  'holder.userNo as holderNo',
  'issuer.realName as issuerName',
] as const;

const permitView = (db: Conn) =>
  db
    .selectFrom('sbPermit')
    .leftJoin('department', 'department.id', 'sbPermit.departmentId')
    .leftJoin('appUser as holder', 'holder.id', 'sbPermit.holderId')
    .leftJoin('appUser as issuer', 'issuer.id', 'sbPermit.issuedBy');

type PermitDbRow = {
  id: number;
  itemId: number;
  departmentId: number;
  holderId: number;
  holderName: string;
  title: string;
  instanceId: number | null;
  code: string;
  status: string;
  issuedAt: number | string;
  issuedBy: number | null;
  validUntil: number | string | null;
  revokedAt: number | string | null;
  revokeReason: string;
  departmentName: string | null;
  holderNo: string | null;
  issuerName: string | null;
};

export type PermitRecord = ReturnType<typeof toPermit>;

const toPermit = (r: PermitDbRow) => ({
  ...r,
  status: r.status as PermitStatus,
  issuedAt: num(r.issuedAt),
  validUntil: numOrNull(r.validUntil),
  revokedAt: numOrNull(r.revokedAt),
  departmentName: r.departmentName ?? '',
  holderNo: r.holderNo ?? '',
});

export async function findPermit(db: Conn, id: number) {
  const r = await permitView(db).select(PERMIT_COLUMNS).where('sbPermit.id', '=', id).executeTakeFirst();
  return r && toPermit(r);
}

export async function findPermitByCode(db: Conn, code: string) {
  const r = await permitView(db).select(PERMIT_COLUMNS).where('sbPermit.code', '=', code).executeTakeFirst();
  return r && toPermit(r);
}

/** Inserts a permit; an instance that already has one is left alone (answers null). */
export async function insertPermit(
  db: Conn,
  p: {
    itemId: number;
    departmentId: number;
    holderId: number;
    holderName: string;
    title: string;
    instanceId: number | null;
    code: string;
    issuedAt: number;
    issuedBy: number | null;
    validUntil: number | null;
  },
): Promise<number | null> {
  const r = await db
    .insertInto('sbPermit')
    .values({ ...p, status: 'valid', revokedAt: null, revokedBy: null, revokeReason: '' })
    .onConflict((oc) => oc.column('instanceId').doNothing())
    .returning('id')
    .executeTakeFirst();
  return r?.id ?? null;
}

export async function revokePermit(db: Conn, id: number, by: number, reason: string, now: number): Promise<boolean> {
  const r = await db
    .updateTable('sbPermit')
    .set({ status: 'revoked', revokedAt: now, revokedBy: by, revokeReason: reason })
    .where('id', '=', id)
    .where('status', '=', 'valid')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function listPermits(
  db: Conn,
  by: { holderId: number } | { departmentIds: number[] | null },
  q: { page: number; pageSize: number; status?: PermitStatus; keyword?: string },
) {
  let base = permitView(db);
  if ('holderId' in by) base = base.where('sbPermit.holderId', '=', by.holderId);
  else if (by.departmentIds)
    base = base.where('sbPermit.departmentId', 'in', by.departmentIds.length ? by.departmentIds : [0]);
  if (q.status) base = base.where('sbPermit.status', '=', q.status);
  if (q.keyword) {
    const k = like(q.keyword);
    base = base.where(
      sql<boolean>`(sb_permit.title like ${k} escape '\\' or sb_permit.holder_name like ${k} escape '\\' or sb_permit.code like ${k} escape '\\' or holder.user_no like ${k} escape '\\')`,
    );
  }
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select(PERMIT_COLUMNS)
    .orderBy('sbPermit.issuedAt', 'desc')
    .orderBy('sbPermit.id', 'desc')
    .limit(page(q).limit)
    .offset(page(q).offset)
    .execute();
  return { total: num(total), list: rows.map(toPermit) };
}

export async function settleCursor(db: Conn, name: string): Promise<{ endedAt: number; id: number }> {
  const r = await db
    .selectFrom('sbSettleCursor')
    .select(['endedAt', 'instanceId'])
    .where('name', '=', name)
    .executeTakeFirst();
  return r ? { endedAt: num(r.endedAt), id: r.instanceId } : { endedAt: 0, id: 0 };
}

export async function saveSettleCursor(db: Conn, name: string, c: { endedAt: number; id: number }): Promise<void> {
  await db
    .insertInto('sbSettleCursor')
    .values({ name, endedAt: c.endedAt, instanceId: c.id })
    .onConflict((oc) => oc.column('name').doUpdateSet({ endedAt: c.endedAt, instanceId: c.id }))
    .execute();
}
