import { PostgresAdapter, sql, type Transaction } from 'kysely';
import type { Db } from '@/server/db/dialect';
import type { Database, MenuRow } from '@/server/db/schema';
import { paginate } from '@/server/db/paginate';
import type { Page } from '@/shared/envelope';
import type { MenuScope, PlatformMember, PlatformSummary, PlatformUsersQuery } from '../contract';

/** The only SQL of platform config. Every function takes the database or an open transaction. */
export type Q = Db | Transaction<Database>;

// ---- platforms ----

/** Every platform with its direct member and role counts, by sort then id. */
export async function listPlatforms(db: Q): Promise<PlatformSummary[]> {
  const rows = await db
    .selectFrom('platform as p')
    .select((eb) => [
      'p.id',
      'p.name',
      'p.icon',
      'p.indexUrl',
      'p.kind',
      'p.sort',
      'p.status',
      eb
        .selectFrom('platformUser')
        .select((e) => e.fn.countAll<number>().as('c'))
        .whereRef('platformUser.platformId', '=', 'p.id')
        .as('userCount'),
      eb
        .selectFrom('platformRole')
        .select((e) => e.fn.countAll<number>().as('c'))
        .whereRef('platformRole.platformId', '=', 'p.id')
        .as('roleCount'),
    ])
    .orderBy('p.sort')
    .orderBy('p.id')
    .execute();
  return rows.map((r) => ({
    ...r,
    kind: r.kind as PlatformSummary['kind'],
    status: r.status as PlatformSummary['status'],
    userCount: Number(r.userCount ?? 0),
    roleCount: Number(r.roleCount ?? 0),
  }));
}

export const findPlatform = (db: Q, id: number) =>
  db.selectFrom('platform').selectAll().where('id', '=', id).executeTakeFirst();

export const platformNameTaken = async (db: Q, name: string, exceptId: number | null) =>
  !!(await db
    .selectFrom('platform')
    .select('id')
    .where('name', '=', name)
    .$if(exceptId !== null, (q) => q.where('id', '!=', exceptId!))
    .executeTakeFirst());

export interface PlatformValues {
  name: string;
  icon: string;
  indexUrl: string;
  kind: string;
  sort: number;
}

export async function insertPlatform(db: Q, v: PlatformValues, now: number): Promise<number> {
  return (
    await db
      .insertInto('platform')
      .values({ ...v, status: 'active', createdAt: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

export const updatePlatform = (db: Q, id: number, v: PlatformValues) =>
  db.updateTable('platform').set(v).where('id', '=', id).execute();

export const setPlatformStatus = (db: Q, id: number, status: string) =>
  db.updateTable('platform').set({ status }).where('id', '=', id).execute();

/** Sessions working in this platform lose it: their permissions fall back to the user's active platforms. */

export const deletePlatform = (db: Q, id: number) => db.deleteFrom('platform').where('id', '=', id).execute();

export async function assignmentCounts(db: Q, platformId: number): Promise<{ users: number; roles: number }> {
  const [u, r] = await Promise.all([
    db
      .selectFrom('platformUser')
      .select((e) => e.fn.countAll<number>().as('c'))
      .where('platformId', '=', platformId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('platformRole')
      .select((e) => e.fn.countAll<number>().as('c'))
      .where('platformId', '=', platformId)
      .executeTakeFirstOrThrow(),
  ]);
  return { users: Number(u.c), roles: Number(r.c) };
}

// ---- members and roles ----

/** Direct members of a platform, by user id, optionally filtered by username, name or number. */
export async function platformMembers(db: Q, q: PlatformUsersQuery): Promise<Page<PlatformMember>> {
  const keyword = q.keyword?.trim();
  const base = db
    .selectFrom('platformUser')
    .innerJoin('appUser', 'appUser.id', 'platformUser.userId')
    .where('platformUser.platformId', '=', q.platformId)
    .$if(!!keyword, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('appUser.username', 'like', `%${keyword}%`),
          eb('appUser.realName', 'like', `%${keyword}%`),
          eb('appUser.userNo', 'like', `%${keyword}%`),
        ]),
      ),
    );
  return paginate(
    base,
    (b) =>
      b
        .leftJoin('department', 'department.id', 'appUser.departmentId')
        .select([
          'appUser.id',
          'appUser.username',
          'appUser.realName',
          'appUser.userNo',
          'appUser.kind',
          'appUser.status',
          'department.name as departmentName',
        ])
        .orderBy('appUser.id'),
    q,
  );
}

/** Of these ids, the ones naming ordinary (non-administrator) users. */
export async function existingUserIds(db: Q, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.selectFrom('appUser').select('id').where('id', 'in', ids).where('isAdmin', '=', 0).execute();
  return new Set(rows.map((r) => r.id));
}

export async function memberIds(db: Q, platformId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .selectFrom('platformUser')
    .select('userId')
    .where('platformId', '=', platformId)
    .where('userId', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.userId));
}

export async function addMembers(db: Q, platformId: number, userIds: number[]): Promise<void> {
  if (userIds.length)
    await db
      .insertInto('platformUser')
      .values(userIds.map((userId) => ({ platformId, userId })))
      .execute();
}

export async function removeMembers(db: Q, platformId: number, userIds: number[]): Promise<number> {
  const r = await db
    .deleteFrom('platformUser')
    .where('platformId', '=', platformId)
    .where('userId', 'in', userIds)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function platformRoleIds(db: Q, platformId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('platformRole')
    .select('roleId')
    .where('platformId', '=', platformId)
    .orderBy('roleId')
    .execute();
  return rows.map((r) => r.roleId);
}

export async function existingRoleIds(db: Q, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.selectFrom('role').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

export async function replacePlatformRoles(db: Q, platformId: number, roleIds: number[]): Promise<void> {
  await db.deleteFrom('platformRole').where('platformId', '=', platformId).execute();
  if (roleIds.length)
    await db
      .insertInto('platformRole')
      .values(roleIds.map((roleId) => ({ platformId, roleId })))
      .execute();
}

export const findRole = (db: Q, id: number) =>
  db.selectFrom('role').select(['id', 'name']).where('id', '=', id).executeTakeFirst();

// ---- menu trees ----

/** Every node of one tree: a platform's web menu, or the cms menu (platformId null). */
export function treeRows(db: Q, scope: MenuScope, platformId: number | null): Promise<MenuRow[]> {
  return db
    .selectFrom('menu')
    .selectAll()
    .where('scope', '=', scope)
    .where('platformId', platformId === null ? 'is' : '=', platformId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export interface MenuValues {
  parentId: number | null;
  name: string;
  path: string;
  title: string;
  icon: string | null;
  sort: number;
  relationRoutes: string;
}

export async function insertMenu(db: Q, scope: MenuScope, platformId: number | null, v: MenuValues): Promise<number> {
  return (
    await db
      .insertInto('menu')
      .values({ scope, platformId, ...v })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

export const updateMenu = (db: Q, id: number, v: MenuValues) =>
  db.updateTable('menu').set(v).where('id', '=', id).execute();

/** Removes nodes; their grants (role_menu) go with them through the foreign key's cascade. */
export async function deleteMenus(db: Q, ids: number[]): Promise<void> {
  if (ids.length) await db.deleteFrom('menu').where('id', 'in', ids).execute();
}

/** On PostgreSQL, one writer of menu trees at a time (two servers starting together sync once). */
export async function lockMenus(db: Q): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    await sql`select pg_advisory_xact_lock(${MENU_LOCK_KEY})`.execute(db);
}
const MENU_LOCK_KEY = 7_341_207;

export const anyUser = async (db: Q) => !!(await db.selectFrom('appUser').select('id').limit(1).executeTakeFirst());

// ---- grants ----

export async function grantedMenuIds(db: Q, platformId: number, roleId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('roleMenu')
    .innerJoin('menu', 'menu.id', 'roleMenu.menuId')
    .select('menu.id')
    .where('roleMenu.roleId', '=', roleId)
    .where('menu.scope', '=', 'web')
    .where('menu.platformId', '=', platformId)
    .orderBy('menu.id')
    .execute();
  return rows.map((r) => r.id);
}

export async function replaceGrants(db: Q, platformId: number, roleId: number, menuIds: number[]): Promise<void> {
  await db
    .deleteFrom('roleMenu')
    .where('roleId', '=', roleId)
    .where('menuId', 'in', (eb) =>
      eb.selectFrom('menu').select('id').where('scope', '=', 'web').where('platformId', '=', platformId),
    )
    .execute();
  if (menuIds.length)
    await db
      .insertInto('roleMenu')
      .values(menuIds.map((menuId) => ({ roleId, menuId })))
      .execute();
}
