import { sql, type ExpressionBuilder, type Transaction } from 'kysely';
import type { Db } from '@/server/db/dialect';
import type { Database } from '@/server/db/schema';
import type { AdminAppQuery, AppListQuery, Device } from '../contract';
import './tables';

export type Conn = Db | Transaction<Database>;

const like = (keyword: string) => `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const page = (p: { page: number; pageSize: number }) => ({ limit: p.pageSize, offset: (p.page - 1) * p.pageSize });

/** Whose eyes: the caller's roles and the platforms they are on now, and the device asking. */
export interface Viewer {
  userId: number;
  roleIds: number[];
  platformIds: number[];
  device: Exclude<Device, 'all'>;
}

// ---------- the caller (core tables) ----------

export async function roleIdsOf(db: Conn, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('userRole').select('roleId').where('userId', '=', userId).execute();
  return rows.map((r) => r.roleId);
}

export const allRoles = (db: Conn) =>
  db.selectFrom('role').select(['id', 'name']).orderBy('sort').orderBy('id').execute();
export const allPlatforms = (db: Conn) =>
  db.selectFrom('platform').select(['id', 'name']).orderBy('sort').orderBy('id').execute();

// ---------- visibility ----------

// An empty id list still has to be valid SQL: no role or platform has id 0.
const ids = (xs: number[]) => (xs.length ? xs : [0]);

/** Enabled, offered on this device, and (no role rows or one of the viewer's roles) and likewise for platforms. */
function visibleTo(v: Viewer) {
  return (eb: ExpressionBuilder<Database, 'acApp'>) =>
    eb.and([
      eb('acApp.enabled', '=', 1),
      eb('acApp.devices', 'in', ['all', v.device]),
      eb.or([
        eb.not(eb.exists(eb.selectFrom('acAppRole as r0').select('r0.appId').whereRef('r0.appId', '=', 'acApp.id'))),
        eb.exists(
          eb
            .selectFrom('acAppRole as r1')
            .select('r1.appId')
            .whereRef('r1.appId', '=', 'acApp.id')
            .where('r1.roleId', 'in', ids(v.roleIds)),
        ),
      ]),
      eb.or([
        eb.not(
          eb.exists(eb.selectFrom('acAppPlatform as p0').select('p0.appId').whereRef('p0.appId', '=', 'acApp.id')),
        ),
        eb.exists(
          eb
            .selectFrom('acAppPlatform as p1')
            .select('p1.appId')
            .whereRef('p1.appId', '=', 'acApp.id')
            .where('p1.platformId', 'in', ids(v.platformIds)),
        ),
      ]),
    ]);
}

const userCols = [
  'acApp.id',
  'acApp.categoryId',
  'acCategory.name as categoryName',
  'acApp.name',
  'acApp.description',
  'acApp.color',
  'acApp.kind',
  'acApp.url',
  'acApp.sso',
  'acApp.ratingSum',
  'acApp.ratingCount',
  'acApp.useCount',
  'fav.createdAt as favoriteAt',
  'rat.score as myScore',
] as const;

function visibleApps(db: Conn, v: Viewer) {
  return db
    .selectFrom('acApp')
    .innerJoin('acCategory', 'acCategory.id', 'acApp.categoryId')
    .leftJoin('acFavorite as fav', (j) => j.onRef('fav.appId', '=', 'acApp.id').on('fav.userId', '=', v.userId))
    .leftJoin('acRating as rat', (j) => j.onRef('rat.appId', '=', 'acApp.id').on('rat.userId', '=', v.userId))
    .where(visibleTo(v));
}

export type UserAppRow = Awaited<ReturnType<typeof listPage>>['list'][number];

export async function listPage(db: Conn, v: Viewer, q: AppListQuery) {
  let base = visibleApps(db, v);
  if (q.categoryId) base = base.where('acApp.categoryId', '=', q.categoryId);
  if (q.keyword?.trim()) base = base.where(sql<boolean>`ac_app.search_text like ${like(q.keyword.trim())} escape '\\'`);
  if (q.scope === 'favorite') base = base.where('fav.userId', 'is not', null);
  let withRecent = base.leftJoin('acRecent as rec', (j) =>
    j.onRef('rec.appId', '=', 'acApp.id').on('rec.userId', '=', v.userId),
  );
  if (q.scope === 'recent') withRecent = withRecent.where('rec.userId', 'is not', null);
  const total = Number((await withRecent.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
  let rows = withRecent.select(userCols);
  if (q.scope === 'recent') rows = rows.orderBy('rec.usedAt', 'desc');
  else if (q.scope === 'favorite') rows = rows.orderBy('fav.createdAt', 'desc');
  else rows = rows.orderBy('acCategory.sort').orderBy('acApp.categoryId');
  const list = await rows
    .orderBy('acApp.sort')
    .orderBy('acApp.id')
    .limit(page(q).limit)
    .offset(page(q).offset)
    .execute();
  return { list, total };
}

/** Every app the viewer may open, in the portal's order (get_server_app; the navigation portal). */
export async function allVisible(db: Conn, v: Viewer, pinnedOnly = false) {
  let q = visibleApps(db, v);
  if (pinnedOnly) q = q.where('acApp.navPinned', '=', 1);
  return q
    .select(userCols)
    .orderBy('acCategory.sort')
    .orderBy('acApp.categoryId')
    .orderBy('acApp.sort')
    .orderBy('acApp.id')
    .limit(500)
    .execute();
}

export const visibleApp = (db: Conn, v: Viewer, appId: number) =>
  visibleApps(db, v).select(userCols).where('acApp.id', '=', appId).executeTakeFirst();

/** Categories holding apps the viewer may open, with how many. */
export async function visibleCategories(db: Conn, v: Viewer) {
  return db
    .selectFrom('acApp')
    .innerJoin('acCategory', 'acCategory.id', 'acApp.categoryId')
    .where(visibleTo(v))
    .select(['acCategory.id', 'acCategory.name', 'acCategory.sort', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy(['acCategory.id', 'acCategory.name', 'acCategory.sort'])
    .orderBy('acCategory.sort')
    .orderBy('acCategory.id')
    .execute();
}

// ---------- favourites, ratings, recently used ----------

export async function setFavorite(db: Conn, userId: number, appId: number, on: boolean, now: number) {
  if (!on) {
    await db.deleteFrom('acFavorite').where('userId', '=', userId).where('appId', '=', appId).execute();
    return;
  }
  await db
    .insertInto('acFavorite')
    .values({ userId, appId, createdAt: now })
    .onConflict((oc) => oc.columns(['userId', 'appId']).doNothing())
    .execute();
}

/** One score per person and app; the app's sum and count move with it (same transaction). */
export async function rate(db: Conn, userId: number, appId: number, score: number, now: number) {
  const old = await db
    .selectFrom('acRating')
    .select('score')
    .where('userId', '=', userId)
    .where('appId', '=', appId)
    .executeTakeFirst();
  if (old) {
    await db
      .updateTable('acRating')
      .set({ score, createdAt: now })
      .where('userId', '=', userId)
      .where('appId', '=', appId)
      .execute();
  } else {
    await db.insertInto('acRating').values({ userId, appId, score, createdAt: now }).execute();
  }
  await db
    .updateTable('acApp')
    .set((eb) => ({
      ratingSum: eb('ratingSum', '+', score - (old?.score ?? 0)),
      ratingCount: eb('ratingCount', '+', old ? 0 : 1),
    }))
    .where('id', '=', appId)
    .execute();
}

export async function recordUse(db: Conn, userId: number, appId: number, now: number) {
  await db
    .insertInto('acRecent')
    .values({ userId, appId, usedAt: now })
    .onConflict((oc) => oc.columns(['userId', 'appId']).doUpdateSet({ usedAt: now }))
    .execute();
  await db
    .updateTable('acApp')
    .set((eb) => ({ useCount: eb('useCount', '+', 1) }))
    .where('id', '=', appId)
    .execute();
}

// ---------- back office ----------

export async function categoriesWithCounts(db: Conn) {
  return db
    .selectFrom('acCategory')
    .leftJoin('acApp', 'acApp.categoryId', 'acCategory.id')
    .select([
      'acCategory.id',
      'acCategory.name',
      'acCategory.sort',
      (eb) => eb.fn.count<number>('acApp.id').as('count'),
    ])
    .groupBy(['acCategory.id', 'acCategory.name', 'acCategory.sort'])
    .orderBy('acCategory.sort')
    .orderBy('acCategory.id')
    .execute();
}

export const getCategory = (db: Conn, id: number) =>
  db.selectFrom('acCategory').select(['id', 'name']).where('id', '=', id).executeTakeFirst();

export async function insertCategory(db: Conn, name: string, sort: number, now: number) {
  return (
    await db.insertInto('acCategory').values({ name, sort, createdAt: now }).returning('id').executeTakeFirstOrThrow()
  ).id;
}

export async function updateCategory(db: Conn, id: number, name: string, sort: number) {
  return Number(
    (await db.updateTable('acCategory').set({ name, sort }).where('id', '=', id).executeTakeFirst()).numUpdatedRows,
  );
}

export async function appsInCategory(db: Conn, id: number) {
  return Number(
    (
      await db
        .selectFrom('acApp')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('categoryId', '=', id)
        .executeTakeFirst()
    )?.n ?? 0,
  );
}

export async function deleteCategory(db: Conn, id: number) {
  return Number((await db.deleteFrom('acCategory').where('id', '=', id).executeTakeFirst()).numDeletedRows);
}

const adminCols = [
  'acApp.id',
  'acApp.categoryId',
  'acCategory.name as categoryName',
  'acApp.name',
  'acApp.description',
  'acApp.color',
  'acApp.kind',
  'acApp.url',
  'acApp.sso',
  'acApp.devices',
  'acApp.enabled',
  'acApp.navPinned',
  'acApp.sort',
  'acApp.ratingSum',
  'acApp.ratingCount',
  'acApp.useCount',
] as const;

export async function adminPage(db: Conn, q: AdminAppQuery) {
  let base = db.selectFrom('acApp').innerJoin('acCategory', 'acCategory.id', 'acApp.categoryId');
  if (q.categoryId) base = base.where('acApp.categoryId', '=', q.categoryId);
  if (q.keyword?.trim()) base = base.where(sql<boolean>`ac_app.search_text like ${like(q.keyword.trim())} escape '\\'`);
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
  const list = await base
    .select(adminCols)
    .orderBy('acCategory.sort')
    .orderBy('acApp.categoryId')
    .orderBy('acApp.sort')
    .orderBy('acApp.id')
    .limit(page(q).limit)
    .offset(page(q).offset)
    .execute();
  const appIds = ids(list.map((a) => a.id));
  const [roles, platforms] = await Promise.all([
    db.selectFrom('acAppRole').select(['appId', 'roleId']).where('appId', 'in', appIds).execute(),
    db.selectFrom('acAppPlatform').select(['appId', 'platformId']).where('appId', 'in', appIds).execute(),
  ]);
  return {
    total,
    list: list.map((a) => ({
      ...a,
      roleIds: roles.filter((r) => r.appId === a.id).map((r) => r.roleId),
      platformIds: platforms.filter((p) => p.appId === a.id).map((p) => p.platformId),
    })),
  };
}

export interface AppValues {
  categoryId: number;
  name: string;
  description: string;
  color: string;
  kind: string;
  url: string;
  sso: number;
  devices: string;
  enabled: number;
  navPinned: number;
  sort: number;
  searchText: string;
}

export async function insertApp(db: Conn, v: AppValues, now: number) {
  return (
    await db
      .insertInto('acApp')
      .values({ ...v, ratingSum: 0, ratingCount: 0, useCount: 0, createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

export async function updateApp(db: Conn, id: number, v: AppValues, now: number) {
  return Number(
    (
      await db
        .updateTable('acApp')
        .set({ ...v, updatedAt: now })
        .where('id', '=', id)
        .executeTakeFirst()
    ).numUpdatedRows,
  );
}

/** Replaces the app's visibility rows. */
export async function setVisibility(db: Conn, appId: number, roleIds: number[], platformIds: number[]) {
  await db.deleteFrom('acAppRole').where('appId', '=', appId).execute();
  await db.deleteFrom('acAppPlatform').where('appId', '=', appId).execute();
  if (roleIds.length)
    await db
      .insertInto('acAppRole')
      .values(roleIds.map((roleId) => ({ appId, roleId })))
      .execute();
  if (platformIds.length)
    await db
      .insertInto('acAppPlatform')
      .values(platformIds.map((platformId) => ({ appId, platformId })))
      .execute();
}

export async function countExisting(db: Conn, table: 'role' | 'platform', idList: number[]) {
  if (!idList.length) return 0;
  return Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('id', 'in', idList)
        .executeTakeFirst()
    )?.n ?? 0,
  );
}

/** The app and everything hanging on it (callers pass their transaction). */
export async function deleteApp(db: Conn, id: number) {
  for (const t of ['acAppRole', 'acAppPlatform', 'acFavorite', 'acRating', 'acRecent'] as const)
    await db.deleteFrom(t).where('appId', '=', id).execute();
  return Number((await db.deleteFrom('acApp').where('id', '=', id).executeTakeFirst()).numDeletedRows);
}
