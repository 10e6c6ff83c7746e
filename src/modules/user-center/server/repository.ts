import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@/server/db/schema';
import type {
  CardOfficeQuery,
  CardRequestKind,
  CardRequestRow,
  FavoriteAddBody,
  FavoriteKind,
  FavoriteRow,
  FootprintRow,
  SessionRow,
} from '../contract';
import './tables';

/** The only SQL of the personal centre: its own tables and the core's people and sessions (read, and the contact fields). */
export type Conn = Kysely<Database> | Transaction<Database>;

// --- people -------------------------------------------------------------------------------------

export interface Me {
  id: number;
  username: string;
  realName: string;
  userNo: string;
  kind: string;
  departmentId: number | null;
  department: string | null;
  phone: string | null;
  email: string | null;
  gender: string | null;
  avatar: string | null;
}

export async function findMe(db: Conn, userId: number): Promise<Me | undefined> {
  const r = await db
    .selectFrom('appUser')
    .leftJoin('department', 'department.id', 'appUser.departmentId')
    .select([
      'appUser.id',
      'appUser.username',
      'appUser.realName',
      'appUser.userNo',
      'appUser.kind',
      'appUser.departmentId',
      'department.name as department',
      'appUser.phone',
      'appUser.email',
      'appUser.gender',
      'appUser.avatar',
    ])
    .where('appUser.id', '=', userId)
    .executeTakeFirst();
  return r ? { ...r, department: r.department ?? null } : undefined;
}

export async function setContact(db: Conn, userId: number, channel: 'phone' | 'email', value: string, now: number) {
  await db
    .updateTable('appUser')
    .set(channel === 'phone' ? { phone: value, updatedAt: now } : { email: value, updatedAt: now })
    .where('id', '=', userId)
    .execute();
}

/** The department and every one above it (the card office's staff sit in it or below). */
export async function departmentAndBelow(db: Conn, rootId: number): Promise<number[]> {
  const all = await db.selectFrom('department').select(['id', 'parentId']).execute();
  const out = [rootId];
  for (let i = 0; i < out.length; i++) for (const d of all) if (d.parentId === out[i]) out.push(d.id);
  return out;
}

// --- favourites ---------------------------------------------------------------------------------

export async function addFavorite(db: Conn, userId: number, b: FavoriteAddBody, now: number): Promise<void> {
  await db
    .insertInto('ucFavorite')
    .values({ userId, kind: b.kind, refKey: b.refKey, title: b.title, link: b.link, createdAt: now })
    .onConflict((oc) => oc.columns(['userId', 'kind', 'refKey']).doUpdateSet({ title: b.title, link: b.link }))
    .execute();
}

export async function removeFavorite(db: Conn, userId: number, kind: FavoriteKind, refKey: string): Promise<void> {
  await db
    .deleteFrom('ucFavorite')
    .where('userId', '=', userId)
    .where('kind', '=', kind)
    .where('refKey', '=', refKey)
    .execute();
}

export async function isFavorite(db: Conn, userId: number, kind: FavoriteKind, refKey: string): Promise<boolean> {
  const r = await db
    .selectFrom('ucFavorite')
    .select('id')
    .where('userId', '=', userId)
    .where('kind', '=', kind)
    .where('refKey', '=', refKey)
    .executeTakeFirst();
  return !!r;
}

export async function favoritePage(
  db: Conn,
  userId: number,
  q: { kind?: FavoriteKind; page: number; pageSize: number },
): Promise<{ list: FavoriteRow[]; total: number }> {
  let base = db.selectFrom('ucFavorite').where('userId', '=', userId);
  if (q.kind) base = base.where('kind', '=', q.kind);
  const [rows, count] = await Promise.all([
    base
      .select(['id', 'kind', 'refKey', 'title', 'link', 'createdAt'])
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((r) => ({ ...r, id: Number(r.id), kind: r.kind as FavoriteKind, createdAt: Number(r.createdAt) })),
    total: Number(count.n),
  };
}

// --- footprints ---------------------------------------------------------------------------------

export async function insertFootprints(
  db: Conn,
  userId: number,
  visits: { kind: string; path: string; title: string; at: number }[],
): Promise<void> {
  await db
    .insertInto('ucFootprint')
    .values(visits.map((v) => ({ userId, kind: v.kind, path: v.path, title: v.title, visitedAt: v.at })))
    .execute();
}

export async function footprintPage(
  db: Conn,
  userId: number,
  since: number,
  q: { page: number; pageSize: number },
): Promise<{ list: FootprintRow[]; total: number }> {
  const base = db.selectFrom('ucFootprint').where('userId', '=', userId).where('visitedAt', '>=', since);
  const [rows, count] = await Promise.all([
    base
      .select(['id', 'kind', 'path', 'title', 'visitedAt'])
      .orderBy('visitedAt', 'desc')
      .orderBy('id', 'desc')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((r) => ({
      ...r,
      id: Number(r.id),
      kind: r.kind as 'page' | 'item',
      visitedAt: Number(r.visitedAt),
    })),
    total: Number(count.n),
  };
}

export async function clearFootprints(db: Conn, userId: number): Promise<number> {
  const r = await db.deleteFrom('ucFootprint').where('userId', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function deleteFootprintsBefore(db: Conn, before: number): Promise<number> {
  const r = await db.deleteFrom('ucFootprint').where('visitedAt', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}

// --- card requests ------------------------------------------------------------------------------

const cardCols = [
  'id',
  'userNo',
  'userName',
  'cardNo',
  'kind',
  'reason',
  'status',
  'remark',
  'handledByName',
  'handledAt',
  'createdAt',
] as const;
type CardDbRow = {
  id: number;
  userNo: string;
  userName: string;
  cardNo: string;
  kind: string;
  reason: string;
  status: string;
  remark: string;
  handledByName: string;
  handledAt: number | null;
  createdAt: number;
};
const toCardRow = (r: CardDbRow): CardRequestRow => ({
  ...r,
  id: Number(r.id),
  kind: r.kind as CardRequestKind,
  handledAt: r.handledAt === null ? null : Number(r.handledAt),
  createdAt: Number(r.createdAt),
});

export async function pendingCardRequest(db: Conn, userId: number): Promise<CardRequestRow | null> {
  const r = await db
    .selectFrom('ucCardRequest')
    .select(cardCols)
    .where('userId', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return r ? toCardRow(r) : null;
}

export async function insertCardRequest(
  db: Conn,
  v: { userId: number; userNo: string; userName: string; cardNo: string; kind: string; reason: string; now: number },
): Promise<number> {
  const r = await db
    .insertInto('ucCardRequest')
    .values({
      userId: v.userId,
      userNo: v.userNo,
      userName: v.userName,
      cardNo: v.cardNo,
      kind: v.kind,
      reason: v.reason,
      status: 'pending',
      remark: '',
      handledByName: '',
      handledAt: null,
      createdAt: v.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function myCardRequests(db: Conn, userId: number, limit: number): Promise<CardRequestRow[]> {
  const rows = await db
    .selectFrom('ucCardRequest')
    .select(cardCols)
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toCardRow);
}

export async function cardRequestPage(
  db: Conn,
  q: CardOfficeQuery,
): Promise<{ list: CardRequestRow[]; total: number }> {
  let base = db.selectFrom('ucCardRequest');
  if (q.status) base = base.where('status', '=', q.status);
  const [rows, count] = await Promise.all([
    base
      .select(cardCols)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(toCardRow), total: Number(count.n) };
}

export async function cardRequestById(db: Conn, id: number): Promise<CardRequestRow | undefined> {
  const r = await db.selectFrom('ucCardRequest').select(cardCols).where('id', '=', id).executeTakeFirst();
  return r ? toCardRow(r) : undefined;
}

/** Decides a pending request; 0 rows when someone decided it meanwhile. */
export async function decideCardRequest(
  db: Conn,
  id: number,
  v: { status: string; remark: string; by: string; now: number },
): Promise<number> {
  const r = await db
    .updateTable('ucCardRequest')
    .set({ status: v.status, remark: v.remark, handledByName: v.by, handledAt: v.now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

// --- salary unlock ------------------------------------------------------------------------------

export async function putUnlock(db: Conn, tokenHash: string, userId: number, expiresAt: number): Promise<void> {
  await db
    .insertInto('ucSalaryUnlock')
    .values({ tokenHash, userId, expiresAt })
    .onConflict((oc) => oc.column('tokenHash').doUpdateSet({ userId, expiresAt }))
    .execute();
}

export async function unlockedUntil(db: Conn, tokenHash: string, userId: number, now: number): Promise<number | null> {
  const r = await db
    .selectFrom('ucSalaryUnlock')
    .select('expiresAt')
    .where('tokenHash', '=', tokenHash)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return r && Number(r.expiresAt) > now ? Number(r.expiresAt) : null;
}

export async function deleteUnlocksBefore(db: Conn, now: number): Promise<number> {
  const r = await db.deleteFrom('ucSalaryUnlock').where('expiresAt', '<', now).executeTakeFirst();
  return Number(r.numDeletedRows);
}

// --- renewals -----------------------------------------------------------------------------------

export async function insertRenewal(
  db: Conn,
  v: { userId: number; loanId: number; oldDue: string; newDue: string; now: number },
) {
  await db
    .insertInto('ucRenewal')
    .values({ userId: v.userId, loanId: v.loanId, oldDue: v.oldDue, newDue: v.newDue, createdAt: v.now })
    .execute();
}

// --- iCalendar ----------------------------------------------------------------------------------

export async function icalToken(db: Conn, userId: number) {
  return db.selectFrom('ucIcalToken').select(['createdAt']).where('userId', '=', userId).executeTakeFirst();
}
export async function putIcalToken(db: Conn, userId: number, tokenHash: string, now: number) {
  await db.deleteFrom('ucIcalToken').where('userId', '=', userId).execute();
  await db.insertInto('ucIcalToken').values({ userId, tokenHash, createdAt: now }).execute();
}
export async function deleteIcalToken(db: Conn, userId: number) {
  await db.deleteFrom('ucIcalToken').where('userId', '=', userId).execute();
}
export async function userOfIcalToken(db: Conn, tokenHash: string): Promise<number | undefined> {
  const r = await db
    .selectFrom('ucIcalToken')
    .innerJoin('appUser', 'appUser.id', 'ucIcalToken.userId')
    .select('ucIcalToken.userId')
    .where('ucIcalToken.tokenHash', '=', tokenHash)
    .where('appUser.status', '=', 'active')
    .executeTakeFirst();
  return r ? Number(r.userId) : undefined;
}

// --- signature ----------------------------------------------------------------------------------

export async function putSignature(db: Conn, userId: number, url: string, now: number) {
  await db
    .insertInto('ucSignature')
    .values({ userId, url, updatedAt: now })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ url, updatedAt: now }))
    .execute();
}
export async function signatureOf(db: Conn, userId: number) {
  const r = await db
    .selectFrom('ucSignature')
    .select(['url', 'updatedAt'])
    .where('userId', '=', userId)
    .executeTakeFirst();
  return r ? { url: r.url, updatedAt: Number(r.updatedAt) } : null;
}

// --- contact codes ------------------------------------------------------------------------------

export async function replaceContactCode(
  db: Conn,
  v: { userId: number; channel: string; target: string; codeHash: string; expiresAt: number; now: number },
) {
  await db.deleteFrom('ucContactCode').where('userId', '=', v.userId).where('channel', '=', v.channel).execute();
  await db
    .insertInto('ucContactCode')
    .values({
      userId: v.userId,
      channel: v.channel,
      target: v.target,
      codeHash: v.codeHash,
      attempts: 0,
      expiresAt: v.expiresAt,
      createdAt: v.now,
    })
    .execute();
}
export async function contactCode(db: Conn, userId: number, channel: string) {
  return db
    .selectFrom('ucContactCode')
    .select(['id', 'target', 'codeHash', 'attempts', 'expiresAt'])
    .where('userId', '=', userId)
    .where('channel', '=', channel)
    .executeTakeFirst();
}
export async function countContactAttempt(db: Conn, id: number) {
  await db
    .updateTable('ucContactCode')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}
export async function deleteContactCode(db: Conn, id: number) {
  await db.deleteFrom('ucContactCode').where('id', '=', id).execute();
}

// --- sessions (the core's table) ----------------------------------------------------------------

export async function liveSessions(db: Conn, userId: number, now: number, currentHash: string): Promise<SessionRow[]> {
  const rows = await db
    .selectFrom('session')
    .select(['tokenHash', 'createdAt', 'lastSeenAt', 'ip', 'userAgent'])
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', now)
    .orderBy('lastSeenAt', 'desc')
    .limit(50)
    .execute();
  return rows.map((r) => ({
    id: r.tokenHash.slice(0, 16),
    current: r.tokenHash === currentHash,
    createdAt: Number(r.createdAt),
    lastSeenAt: Number(r.lastSeenAt),
    ip: r.ip,
    userAgent: r.userAgent,
  }));
}

/** Ends the caller's own session whose hash starts with `id` (never the current one); 0 when none. */
export async function revokeOwnSession(db: Conn, userId: number, id: string, currentHash: string, now: number) {
  const r = await db
    .updateTable('session')
    .set({ revokedAt: now })
    .where('userId', '=', userId)
    .where('tokenHash', 'like', `${id}%`)
    .where('tokenHash', '!=', currentHash)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
