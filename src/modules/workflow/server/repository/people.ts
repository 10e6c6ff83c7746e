import { type Insertable } from 'kysely';
import type { DeptLeader } from '@/modules/workflow/contract';
import type { WfInstanceTable } from '../tables';
import { Conn } from './conn';
import '../tables';

export async function activeUsers(db: Conn, ids: number[]): Promise<{ id: number; realName: string }[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('appUser')
    .select(['id', 'realName'])
    .where('id', 'in', ids)
    .where('status', '=', 'active')
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is { id: number; realName: string } => !!r);
}

/** Active holders of a role (at most 200), or only those directly in one department. */
export async function roleHolders(
  db: Conn,
  roleCode: string,
  departmentId?: number,
): Promise<{ id: number; realName: string }[]> {
  let q = db
    .selectFrom('userRole as ur')
    .innerJoin('role as r', 'r.id', 'ur.roleId')
    .innerJoin('appUser as u', 'u.id', 'ur.userId')
    .select(['u.id', 'u.realName'])
    .where('r.code', '=', roleCode)
    .where('u.status', '=', 'active');
  if (departmentId !== undefined) q = q.where('u.departmentId', '=', departmentId);
  return q.orderBy('u.id').limit(200).execute();
}

export async function firstAdmin(db: Conn): Promise<{ id: number; realName: string } | undefined> {
  return db
    .selectFrom('appUser')
    .select(['id', 'realName'])
    .where('isAdmin', '=', 1)
    .where('status', '=', 'active')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

export async function userDepartment(db: Conn, userId: number): Promise<number | null> {
  return (
    (await db.selectFrom('appUser').select('departmentId').where('id', '=', userId).executeTakeFirst())?.departmentId ??
    null
  );
}

export async function departmentParent(db: Conn, id: number): Promise<number | null> {
  return (
    (await db.selectFrom('department').select('parentId').where('id', '=', id).executeTakeFirst())?.parentId ?? null
  );
}

export async function departmentLeaders(db: Conn, departmentId: number): Promise<DeptLeader[]> {
  const rows = await db
    .selectFrom('departmentLeader as l')
    .innerJoin('appUser as u', 'u.id', 'l.userId')
    .select(['u.id', 'u.realName', 'u.userNo', 'u.status'])
    .where('l.departmentId', '=', departmentId)
    .orderBy('l.sort')
    .orderBy('u.id')
    .execute();
  return rows.filter((r) => r.status === 'active').map((r) => ({ id: r.id, name: r.realName, userNo: r.userNo }));
}

/** Everyone who leads some department (the demo's cast keeps them apart from plain staff). */
export async function allDepartmentLeaderIds(db: Conn): Promise<number[]> {
  const rows = await db.selectFrom('departmentLeader').select('userId').distinct().execute();
  return rows.map((r) => r.userId);
}

export async function setDepartmentLeaders(db: Conn, departmentId: number, userIds: number[]): Promise<void> {
  await db.deleteFrom('departmentLeader').where('departmentId', '=', departmentId).execute();
  if (userIds.length)
    await db
      .insertInto('departmentLeader')
      .values(userIds.map((userId, sort) => ({ departmentId, userId, sort })))
      .execute();
}

/** Where user A's new tasks go now (an enabled delegation covering this instant), if anywhere. */
export async function delegateOf(
  db: Conn,
  userId: number,
  at: number,
): Promise<{ id: number; realName: string } | undefined> {
  return db
    .selectFrom('wfDelegation as d')
    .innerJoin('appUser as u', 'u.id', 'd.toUserId')
    .select(['u.id', 'u.realName'])
    .where('d.fromUserId', '=', userId)
    .where('d.enabled', '=', 1)
    .where('d.startsAt', '<=', at)
    .where('d.endsAt', '>=', at)
    .where('u.status', '=', 'active')
    .orderBy('d.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function userName(db: Conn, id: number) {
  return db.selectFrom('appUser').select(['id', 'realName']).where('id', '=', id).executeTakeFirstOrThrow();
}

export type NewInstance = Insertable<WfInstanceTable>;

/** The departments a user leads (efficiency supervision shows a department leader their departments' tasks). */
export async function departmentsLedBy(db: Conn, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('departmentLeader')
    .select('departmentId')
    .where('userId', '=', userId)
    .orderBy('departmentId')
    .execute();
  return rows.map((r) => r.departmentId);
}
