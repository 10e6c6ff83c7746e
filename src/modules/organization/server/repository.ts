import { sql, type Transaction } from 'kysely';
import type { Db } from '@/server/db/dialect';
import type { Database } from '@/server/db/schema';
import { paginate } from '@/server/db/paginate';
import type { Page } from '@/shared/envelope';
import { PICK_LIMIT, type DepartmentKind, type DirectoryPerson, type UserListBody, type UserPick } from '../contract';
import type { PickScope } from './pick-scopes';
import './tables';

/** The only SQL of the organisation module. */
export type Conn = Db | Transaction<Database>;

export interface DepartmentRow {
  id: number;
  parentId: number | null;
  code: string;
  name: string;
  kind: string;
  sort: number;
  createdAt: number;
}

const DEPT_COLUMNS = [
  'department.id',
  'department.parentId',
  'department.code',
  'department.name',
  'department.kind',
  'department.sort',
  'department.createdAt',
] as const;

/** `%`, `_` and `\` in a keyword match themselves. */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Ids of a department and every department below it, by a recursive query (SQLite and PostgreSQL). */
export function subtreeIds(db: Conn, rootId: number) {
  return db
    .withRecursive('subtree(id)', (q) =>
      q
        .selectFrom('department')
        .select('department.id')
        .where('department.id', '=', rootId)
        .unionAll((q2) =>
          q2.selectFrom('department').innerJoin('subtree', 'subtree.id', 'department.parentId').select('department.id'),
        ),
    )
    .selectFrom('subtree')
    .select('subtree.id');
}

export async function listSubtreeIds(db: Conn, rootId: number): Promise<number[]> {
  return (await subtreeIds(db, rootId).execute()).map((r) => r.id);
}

/** Direct children (roots when parentId is null) with whether they have children and their head count. */
export async function childDepartments(db: Db, parentId: number | null) {
  let q = db
    .selectFrom('department')
    .select([...DEPT_COLUMNS])
    .select((eb) => [
      eb
        .exists(
          eb.selectFrom('department as child').select('child.id').whereRef('child.parentId', '=', 'department.id'),
        )
        .as('hasChildren'),
      eb
        .selectFrom('appUser')
        .select((e2) => e2.fn.countAll<number>().as('n'))
        .whereRef('appUser.departmentId', '=', 'department.id')
        .as('userCount'),
    ])
    .orderBy('department.sort')
    .orderBy('department.id');
  q = parentId === null ? q.where('department.parentId', 'is', null) : q.where('department.parentId', '=', parentId);
  const rows = await q.execute();
  return rows.map((r) => ({ ...r, hasChildren: Boolean(r.hasChildren), userCount: Number(r.userCount ?? 0) }));
}

export async function allDepartments(db: Db): Promise<DepartmentRow[]> {
  return db
    .selectFrom('department')
    .select([...DEPT_COLUMNS])
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export async function findDepartment(db: Conn, id: number): Promise<DepartmentRow | undefined> {
  return db
    .selectFrom('department')
    .select([...DEPT_COLUMNS])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findDepartmentByCode(db: Conn, code: string): Promise<{ id: number } | undefined> {
  return db.selectFrom('department').select('id').where('code', '=', code).executeTakeFirst();
}

/** Ancestors of a department, root first, by a recursive query. */
export async function ancestors(db: Db, id: number): Promise<{ id: number; name: string }[]> {
  const rows = await db
    .withRecursive('up(id, parentId, name, depth)', (q) =>
      q
        .selectFrom('department')
        .select(['department.id', 'department.parentId', 'department.name', sql<number>`0`.as('depth')])
        .where('department.id', '=', id)
        .unionAll((q2) =>
          q2
            .selectFrom('department')
            .innerJoin('up', 'up.parentId', 'department.id')
            .select(['department.id', 'department.parentId', 'department.name', sql<number>`up.depth + 1`.as('depth')])
            // A corrupted cycle must not loop forever.
            .where('up.depth', '<', 64),
        ),
    )
    .selectFrom('up')
    .select(['up.id', 'up.name', 'up.depth'])
    .where('up.depth', '>', 0)
    .orderBy('up.depth', 'desc')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name }));
}

export async function countUsersIn(db: Conn, departmentId: number): Promise<number> {
  const r = await db
    .selectFrom('appUser')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('departmentId', '=', departmentId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function countUsersInSubtree(db: Db, departmentId: number): Promise<number> {
  const r = await db
    .selectFrom('appUser')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('departmentId', 'in', subtreeIds(db, departmentId))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function countChildren(db: Conn, departmentId: number): Promise<number> {
  const r = await db
    .selectFrom('department')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('parentId', '=', departmentId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function insertDepartment(
  db: Conn,
  d: { parentId: number | null; code: string; name: string; kind: DepartmentKind; sort: number },
): Promise<number> {
  const row = await db
    .insertInto('department')
    .values({ ...d, createdAt: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateDepartment(
  db: Conn,
  id: number,
  d: { code?: string; name?: string; kind?: string; sort?: number; parentId?: number | null },
): Promise<void> {
  await db.updateTable('department').set(d).where('id', '=', id).execute();
}

export async function deleteDepartment(db: Conn, id: number): Promise<void> {
  await db.deleteFrom('department').where('id', '=', id).execute();
}

export async function maxChildSort(db: Conn, parentId: number | null): Promise<number> {
  let q = db.selectFrom('department').select((eb) => eb.fn.max<number | null>('sort').as('m'));
  q = parentId === null ? q.where('parentId', 'is', null) : q.where('parentId', '=', parentId);
  const r = await q.executeTakeFirst();
  return Number(r?.m ?? 0);
}

/** Make room at `sort` among the siblings under parentId: those at or after it move one down. */
export async function shiftSiblings(
  db: Conn,
  parentId: number | null,
  fromSort: number,
  exceptId: number,
): Promise<void> {
  let q = db
    .updateTable('department')
    .set((eb) => ({ sort: eb('sort', '+', 1) }))
    .where('sort', '>=', fromSort)
    .where('id', '<>', exceptId);
  q = parentId === null ? q.where('parentId', 'is', null) : q.where('parentId', '=', parentId);
  await q.execute();
}

export async function existingUserIds(db: Conn, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  return (await db.selectFrom('appUser').select('id').where('id', 'in', ids).execute()).map((r) => r.id);
}

export async function setUsersDepartment(db: Conn, ids: number[], departmentId: number): Promise<number> {
  const r = await db
    .updateTable('appUser')
    .set({ departmentId, updatedAt: Date.now() })
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** The user picker: every filter and the page cut run in SQL. */
export async function userPage(db: Db, q: UserListBody): Promise<Page<UserPick>> {
  let base = db.selectFrom('appUser').leftJoin('department', 'department.id', 'appUser.departmentId');
  const keyword = q.keyword?.trim();
  if (keyword) {
    const prefix = `${likeEscape(keyword)}%`;
    const contains = `%${likeEscape(keyword)}%`;
    // Username and number by prefix (their indexes serve it); the real name anywhere in it.
    base = base.where((eb) =>
      eb.or([
        sql<boolean>`${eb.ref('appUser.username')} like ${prefix} escape '\\'`,
        sql<boolean>`${eb.ref('appUser.userNo')} like ${prefix} escape '\\'`,
        sql<boolean>`${eb.ref('appUser.realName')} like ${contains} escape '\\'`,
      ]),
    );
  }
  if (q.departmentId) {
    base = q.includeChildren
      ? base.where('appUser.departmentId', 'in', subtreeIds(db, q.departmentId))
      : base.where('appUser.departmentId', '=', q.departmentId);
  }
  if (q.roleId) {
    const roleId = q.roleId;
    base = base.where('appUser.id', 'in', (eb) =>
      eb.selectFrom('userRole').select('userRole.userId').where('userRole.roleId', '=', roleId),
    );
  }
  if (q.kind) base = base.where('appUser.kind', '=', q.kind);
  if (q.ids) base = base.where('appUser.id', 'in', q.ids);
  const page = await paginate(
    base,
    (b) =>
      b
        .select([
          'appUser.id',
          'appUser.username',
          'appUser.realName',
          'appUser.userNo',
          'appUser.kind',
          'appUser.status',
          'department.id as deptId',
          'department.name as deptName',
        ])
        .orderBy('appUser.id'),
    q,
  );
  return {
    ...page,
    list: page.list.map((r) => ({
      id: r.id,
      username: r.username,
      realName: r.realName,
      userNo: r.userNo,
      kind: r.kind,
      status: r.status,
      department: r.deptId !== null && r.deptName !== null ? { id: r.deptId, name: r.deptName } : null,
    })),
  };
}

/** Ids of the given departments and every department below them. */
function subtreesIds(db: Conn, rootIds: number[]) {
  return db
    .withRecursive('subtree(id)', (q) =>
      q
        .selectFrom('department')
        .select('department.id')
        .where('department.id', 'in', rootIds)
        .unionAll((q2) =>
          q2.selectFrom('department').innerJoin('subtree', 'subtree.id', 'department.parentId').select('department.id'),
        ),
    )
    .selectFrom('subtree')
    .select('subtree.id');
}

/**
 * A picker's answer: active people within the scope, by keyword (the real name contains it, or
 * the number starts with it) or by id; PICK_LIMIT at most, by name. An empty scope list allows nobody.
 */
export async function pickPeople(
  db: Db,
  scope: PickScope,
  q: { keyword?: string; ids?: number[] },
): Promise<DirectoryPerson[]> {
  if ([scope.kinds, scope.departmentIds, scope.roleCodes, scope.userIds].some((l) => l && !l.length)) return [];
  let base = db
    .selectFrom('appUser')
    .leftJoin('department', 'department.id', 'appUser.departmentId')
    .where('appUser.status', '=', 'active');
  if (scope.kinds) base = base.where('appUser.kind', 'in', scope.kinds);
  if (scope.userIds) base = base.where('appUser.id', 'in', scope.userIds);
  if (scope.departmentIds) base = base.where('appUser.departmentId', 'in', subtreesIds(db, scope.departmentIds));
  if (scope.roleCodes) {
    const codes = scope.roleCodes;
    base = base.where('appUser.id', 'in', (eb) =>
      eb
        .selectFrom('userRole')
        .innerJoin('role', 'role.id', 'userRole.roleId')
        .select('userRole.userId')
        .where('role.code', 'in', codes),
    );
  }
  if (q.ids) base = base.where('appUser.id', 'in', q.ids);
  const keyword = q.keyword?.trim();
  if (keyword) {
    const prefix = `${likeEscape(keyword)}%`;
    const contains = `%${likeEscape(keyword)}%`;
    base = base.where((eb) =>
      eb.or([
        sql<boolean>`${eb.ref('appUser.userNo')} like ${prefix} escape '\\'`,
        sql<boolean>`${eb.ref('appUser.realName')} like ${contains} escape '\\'`,
      ]),
    );
  }
  const rows = await base
    .select(['appUser.id', 'appUser.realName', 'department.name as deptName'])
    .orderBy('appUser.realName')
    .orderBy('appUser.id')
    .limit(PICK_LIMIT)
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.realName, department: r.deptName ?? '' }));
}

// ---- role groups and roles ----

export interface RoleRow {
  id: number;
  code: string;
  name: string;
  groupId: number | null;
  sort: number;
  userCount: number;
}

export async function listRoles(db: Db, groupId?: number): Promise<RoleRow[]> {
  let q = db
    .selectFrom('role')
    .select(['role.id', 'role.code', 'role.name', 'role.groupId', 'role.sort'])
    .select((eb) =>
      eb
        .selectFrom('userRole')
        .select((e2) => e2.fn.countAll<number>().as('n'))
        .whereRef('userRole.roleId', '=', 'role.id')
        .as('userCount'),
    )
    .orderBy('role.sort')
    .orderBy('role.id');
  if (groupId) q = q.where('role.groupId', '=', groupId);
  return (await q.execute()).map((r) => ({ ...r, userCount: Number(r.userCount ?? 0) }));
}

export async function listRoleGroups(db: Db) {
  return db.selectFrom('roleGroup').select(['id', 'name', 'sort']).orderBy('sort').orderBy('id').execute();
}

export async function findRoleGroup(db: Conn, id: number) {
  return db.selectFrom('roleGroup').select(['id', 'name', 'sort']).where('id', '=', id).executeTakeFirst();
}

export async function maxGroupSort(db: Conn): Promise<number> {
  const r = await db
    .selectFrom('roleGroup')
    .select((eb) => eb.fn.max<number | null>('sort').as('m'))
    .executeTakeFirst();
  return Number(r?.m ?? 0);
}

export async function insertRoleGroup(db: Conn, g: { name: string; sort: number }): Promise<number> {
  return (await db.insertInto('roleGroup').values(g).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateRoleGroup(db: Conn, id: number, g: { name: string; sort?: number }): Promise<void> {
  await db.updateTable('roleGroup').set(g).where('id', '=', id).execute();
}

export async function deleteRoleGroup(db: Conn, id: number): Promise<void> {
  await db.deleteFrom('roleGroup').where('id', '=', id).execute();
}

export async function countRolesInGroup(db: Conn, groupId: number): Promise<number> {
  const r = await db
    .selectFrom('role')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('groupId', '=', groupId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function findRole(db: Conn, id: number) {
  return db
    .selectFrom('role')
    .select(['id', 'code', 'name', 'groupId', 'sort'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findRoleByCode(db: Conn, code: string) {
  return db.selectFrom('role').select('id').where('code', '=', code).executeTakeFirst();
}

export async function maxRoleSort(db: Conn, groupId: number): Promise<number> {
  const r = await db
    .selectFrom('role')
    .select((eb) => eb.fn.max<number | null>('sort').as('m'))
    .where('groupId', '=', groupId)
    .executeTakeFirst();
  return Number(r?.m ?? 0);
}

export async function insertRole(
  db: Conn,
  r: { groupId: number; code: string; name: string; sort: number },
): Promise<number> {
  return (await db.insertInto('role').values(r).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateRole(
  db: Conn,
  id: number,
  r: { groupId: number; code: string; name: string; sort: number },
): Promise<void> {
  await db.updateTable('role').set(r).where('id', '=', id).execute();
}

/** A role and every grant that names it. */
export async function deleteRole(db: Conn, id: number): Promise<void> {
  await db.deleteFrom('roleMenu').where('roleId', '=', id).execute();
  await db.deleteFrom('platformRole').where('roleId', '=', id).execute();
  await db.deleteFrom('role').where('id', '=', id).execute();
}

export async function countRoleUsers(db: Conn, roleId: number): Promise<number> {
  const r = await db
    .selectFrom('userRole')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('roleId', '=', roleId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Give the role to those of ids who lack it; answers how many gained it. */
export async function addRoleUsers(db: Conn, roleId: number, ids: number[]): Promise<number> {
  const have = new Set(
    (
      await db.selectFrom('userRole').select('userId').where('roleId', '=', roleId).where('userId', 'in', ids).execute()
    ).map((r) => r.userId),
  );
  const missing = ids.filter((id) => !have.has(id));
  if (missing.length)
    await db
      .insertInto('userRole')
      .values(missing.map((userId) => ({ userId, roleId })))
      .execute();
  return missing.length;
}

export async function removeRoleUsers(db: Conn, roleId: number, ids: number[]): Promise<number> {
  const r = await db.deleteFrom('userRole').where('roleId', '=', roleId).where('userId', 'in', ids).executeTakeFirst();
  return Number(r.numDeletedRows);
}

// ---- department leaders ----

export async function departmentLeaders(
  db: Conn,
  departmentId: number,
): Promise<{ id: number; realName: string; userNo: string }[]> {
  return db
    .selectFrom('departmentLeader as l')
    .innerJoin('appUser as u', 'u.id', 'l.userId')
    .select(['u.id', 'u.realName', 'u.userNo'])
    .where('l.departmentId', '=', departmentId)
    .orderBy('l.sort')
    .orderBy('u.id')
    .execute();
}

export async function replaceLeaders(db: Conn, departmentId: number, userIds: number[]): Promise<void> {
  await db.deleteFrom('departmentLeader').where('departmentId', '=', departmentId).execute();
  if (userIds.length)
    await db
      .insertInto('departmentLeader')
      .values(userIds.map((userId, sort) => ({ departmentId, userId, sort })))
      .execute();
}

export async function activeUserIds(db: Conn, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  return new Set(
    (await db.selectFrom('appUser').select('id').where('id', 'in', ids).where('status', '=', 'active').execute()).map(
      (r) => r.id,
    ),
  );
}
