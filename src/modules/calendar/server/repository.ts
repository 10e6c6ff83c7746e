import type { Transaction } from 'kysely';
import type { Db } from '@/server/db/dialect';
import type { Database } from '@/server/db/schema';
import type { EventScope, SchoolEntryView, SchoolKind, SchoolListQuery } from '../contract';
import './tables';

export type Conn = Db | Transaction<Database>;

const page = (p: { page: number; pageSize: number }) => ({ limit: p.pageSize, offset: (p.page - 1) * p.pageSize });

// ---------- people (core tables) ----------

export async function userBrief(db: Conn, id: number) {
  return db
    .selectFrom('appUser')
    .leftJoin('department', 'department.id', 'appUser.departmentId')
    .select(['appUser.id', 'appUser.realName', 'appUser.departmentId', 'department.name as departmentName'])
    .where('appUser.id', '=', id)
    .executeTakeFirst();
}

/** Active members of a department (a department event's reminder goes to all of them). */
export async function departmentMemberIds(db: Conn, departmentId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('appUser')
    .select('id')
    .where('departmentId', '=', departmentId)
    .where('status', '=', 'active')
    .execute();
  return rows.map((r) => r.id);
}

// ---------- school calendar ----------

const schoolCols = ['id', 'kind', 'title', 'startDate', 'endDate', 'note'] as const;
const toSchool = (r: { id: number; kind: string; title: string; startDate: string; endDate: string; note: string }) =>
  ({ ...r, kind: r.kind as SchoolKind }) satisfies SchoolEntryView;

/** Entries overlapping [from, to] (days, inclusive). */
export async function schoolBetween(db: Conn, from: string, to: string, kind?: SchoolKind) {
  let q = db.selectFrom('calSchool').select(schoolCols).where('startDate', '<=', to).where('endDate', '>=', from);
  if (kind) q = q.where('kind', '=', kind);
  return (await q.orderBy('startDate').orderBy('id').execute()).map(toSchool);
}

export async function schoolPage(db: Conn, q: SchoolListQuery) {
  let base = db.selectFrom('calSchool');
  if (q.kind) base = base.where('kind', '=', q.kind);
  if (q.year) base = base.where('startDate', '<=', `${q.year}-12-31`).where('endDate', '>=', `${q.year}-01-01`);
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
  const rows = await base
    .select(schoolCols)
    .orderBy('startDate', 'desc')
    .orderBy('id', 'desc')
    .limit(page(q).limit)
    .offset(page(q).offset)
    .execute();
  return { list: rows.map(toSchool), total };
}

export const getSchool = (db: Conn, id: number) =>
  db.selectFrom('calSchool').select(schoolCols).where('id', '=', id).executeTakeFirst();

export async function insertSchool(
  db: Conn,
  v: { kind: string; title: string; startDate: string; endDate: string; note: string },
  now: number,
) {
  const r = await db
    .insertInto('calSchool')
    .values({ ...v, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function updateSchool(
  db: Conn,
  id: number,
  v: { kind: string; title: string; startDate: string; endDate: string; note: string },
  now: number,
) {
  const r = await db
    .updateTable('calSchool')
    .set({ ...v, updatedAt: now })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function deleteSchool(db: Conn, id: number) {
  const r = await db.deleteFrom('calSchool').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows);
}

// ---------- events ----------

const eventCols = [
  'calEvent.id',
  'calEvent.scope',
  'calEvent.ownerId',
  'calEvent.departmentId',
  'calEvent.title',
  'calEvent.location',
  'calEvent.note',
  'calEvent.startAt',
  'calEvent.endAt',
  'calEvent.allDay',
  'calEvent.remindMinutes',
  'department.name as departmentName',
] as const;

/** The caller's own personal events and their department's events overlapping [start, end). */
export async function eventsBetween(
  db: Conn,
  who: { userId: number; departmentId: number | null },
  start: number,
  end: number,
) {
  return db
    .selectFrom('calEvent')
    .leftJoin('department', 'department.id', 'calEvent.departmentId')
    .select(eventCols)
    .where((eb) =>
      eb.or([
        eb.and([eb('calEvent.scope', '=', 'personal'), eb('calEvent.ownerId', '=', who.userId)]),
        ...(who.departmentId === null
          ? []
          : [eb.and([eb('calEvent.scope', '=', 'department'), eb('calEvent.departmentId', '=', who.departmentId)])]),
      ]),
    )
    .where('calEvent.startAt', '<', end)
    .where('calEvent.endAt', '>', start)
    .orderBy('calEvent.startAt')
    .orderBy('calEvent.id')
    .limit(2000)
    .execute();
}

export const getEvent = (db: Conn, id: number) =>
  db
    .selectFrom('calEvent')
    .leftJoin('department', 'department.id', 'calEvent.departmentId')
    .select(eventCols)
    .where('calEvent.id', '=', id)
    .executeTakeFirst();

export interface EventValues {
  scope: EventScope;
  ownerId: number;
  departmentId: number | null;
  title: string;
  location: string;
  note: string;
  startAt: number;
  endAt: number;
  allDay: number;
  remindMinutes: number | null;
  remindAt: number | null;
}

export async function insertEvent(db: Conn, v: EventValues, now: number) {
  const r = await db
    .insertInto('calEvent')
    .values({ ...v, remindedAt: null, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** A changed time or reminder is due again (reminded_at cleared). */
export async function updateEvent(db: Conn, id: number, v: Omit<EventValues, 'ownerId' | 'scope'>, now: number) {
  await db
    .updateTable('calEvent')
    .set({ ...v, remindedAt: null, updatedAt: now })
    .where('id', '=', id)
    .execute();
}

export async function deleteEvent(db: Conn, id: number) {
  await db.deleteFrom('calEvent').where('id', '=', id).execute();
}

/** Reminders due by `now`, not yet sent (oldest first, a batch at a time). */
export async function dueReminders(db: Conn, now: number, limit: number) {
  return db
    .selectFrom('calEvent')
    .select(['id', 'scope', 'ownerId', 'departmentId', 'title', 'location', 'startAt', 'allDay'])
    .where('remindedAt', 'is', null)
    .where('remindAt', '<=', now)
    .orderBy('remindAt')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Marks a reminder sent; answers false when another run sent it first. */
export async function markReminded(db: Conn, id: number, now: number): Promise<boolean> {
  const r = await db
    .updateTable('calEvent')
    .set({ remindedAt: now })
    .where('id', '=', id)
    .where('remindedAt', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Events of a feed: personal and the department's, from `from` on (a feed carries a window, not all history). */
export async function feedEvents(db: Conn, who: { userId: number; departmentId: number | null }, from: number) {
  return eventsBetween(db, who, from, 8_640_000_000_000);
}

// ---------- feeds ----------

export const activeFeed = (db: Conn, userId: number) =>
  db
    .selectFrom('calFeed')
    .select(['id', 'createdAt', 'lastFetchedAt'])
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();

export async function revokeFeeds(db: Conn, userId: number, now: number) {
  const r = await db
    .updateTable('calFeed')
    .set({ revokedAt: now })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function insertFeed(db: Conn, userId: number, tokenHash: string, now: number) {
  await db
    .insertInto('calFeed')
    .values({ userId, tokenHash, createdAt: now, revokedAt: null, lastFetchedAt: null })
    .execute();
}

export const feedByHash = (db: Conn, tokenHash: string) =>
  db
    .selectFrom('calFeed')
    .innerJoin('appUser', 'appUser.id', 'calFeed.userId')
    .select([
      'calFeed.id',
      'calFeed.userId',
      'calFeed.revokedAt',
      'appUser.status',
      'appUser.departmentId',
      'appUser.realName',
    ])
    .where('calFeed.tokenHash', '=', tokenHash)
    .executeTakeFirst();

export async function touchFeed(db: Conn, id: number, now: number) {
  await db.updateTable('calFeed').set({ lastFetchedAt: now }).where('id', '=', id).execute();
}
